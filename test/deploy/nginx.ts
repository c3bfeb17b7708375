// nginx (the Debian package) as a child process on loopback, in front of server processes, with
// the proxy rules operators deploy: deploy/finishline-proxy.conf is included as it is.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const proxyRules = fileURLToPath(new URL('../../deploy/finishline-proxy.conf', import.meta.url));
const START_TIMEOUT_MS = 10_000;

/** The nginx binary on PATH or in /usr/sbin (where Debian puts it, off a normal user's PATH). */
export function findNginx(): string | undefined {
  const directories = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin'];
  return directories.map((directory) => path.join(directory, 'nginx')).find((candidate) => existsSync(candidate));
}

/** A port nothing listens on right now (nginx cannot be asked for port 0 and tell us which it got). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface Nginx {
  url: string;
  /** nginx's access log: one line per request with the upstream that served it and the request id. */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Writes an nginx config to a temporary prefix (round robin over `upstreams`, the map and the
 * upstream keepalive of deploy/nginx.conf, without TLS) and runs nginx in the foreground on
 * `port` (chosen beforehand: the instances need the public address first).
 */
export async function startNginx(binary: string, port: number, upstreams: string[]): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'finishline-nginx-'));
  // nginx started as root runs its worker as nobody, which must reach the temp paths below.
  chmodSync(prefix, 0o755);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
events { worker_connections 256; }
http {
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  log_format upstreams '$request_id $upstream_addr $status "$request"';
  access_log ${prefix}/access.log upstreams;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      '';
  }
  upstream finishline {
${upstreams.map((address) => `    server ${address} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    include ${proxyRules};
  }
}
`,
  );
  const errorLog = path.join(prefix, 'error.log');
  const child = spawn(binary, ['-p', prefix, '-c', conf, '-e', errorLog, '-g', `daemon off; pid ${prefix}/nginx.pid;`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${readLog(errorLog)}`);
    const isUp = await fetch(`${url}/api/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer within ${START_TIMEOUT_MS} ms: ${stderr}${readLog(errorLog)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    accessLog: () => readLog(path.join(prefix, 'access.log')),
    async stop() {
      if (child.exitCode === null) {
        // Fast shutdown: a graceful one (SIGQUIT) would wait for open WebSockets.
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
