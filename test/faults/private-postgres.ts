// A PostgreSQL cluster of the test's own, which it may stop, crash and restart at will: the
// machine's shared server on 5432 must never be touched, so fault tests run on one of these.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';
// initdb and postgres refuse to run as root; the Debian packages create this account.
const CLUSTER_USER = 'postgres';

export type StopMode = 'fast' | 'immediate';

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:{port}/{database} */
  url(database?: string): string;
  start(): Promise<void>;
  /** 'fast' ends sessions and shuts down cleanly; 'immediate' kills the server (crash recovery on the next start). */
  stop(mode?: StopMode): Promise<void>;
  restart(mode?: StopMode): Promise<void>;
  /** Stops the server if it runs and deletes the cluster's files. */
  destroy(): Promise<void>;
}

/** The bin directory of the newest installed PostgreSQL, or the reason there is none. */
export function findPostgresBinaries(): { bin: string } | { missing: string } {
  if (!existsSync(POSTGRES_ROOT)) return { missing: `no PostgreSQL server binaries under ${POSTGRES_ROOT} (apt-get install postgresql)` };
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) return { missing: `no initdb under ${POSTGRES_ROOT}/*/bin` };
  if (process.getuid?.() === 0 && !hasUser(CLUSTER_USER)) return { missing: `running as root without a '${CLUSTER_USER}' account to run initdb as` };
  return { bin: path.join(POSTGRES_ROOT, versions[0]!, 'bin') };
}

function hasUser(name: string): boolean {
  return readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .some((line) => line.startsWith(`${name}:`));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** initdb's a fresh cluster in a temp dir (trust auth, its own port and socket dir) and starts it. */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const root = mkdtempSync(path.join(tmpdir(), 'finishline-faults-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', CLUSTER_USER]);
    const { stdout: gid } = await run('id', ['-g', CLUSTER_USER]);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', CLUSTER_USER, '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    // Faults here are process faults (a stopped or killed server), not power loss: committed WAL in
    // the OS page cache survives them, so skipping fsync keeps the tests fast without weakening them.
    '-c fsync=off',
    '-c max_connections=100',
  ].join(' ');

  let isRunning = false;
  const cluster: PrivatePostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgRun('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '30', 'start']);
      isRunning = true;
    },
    async stop(mode = 'fast') {
      await pgRun('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
      isRunning = false;
    },
    async restart(mode = 'fast') {
      await cluster.stop(mode);
      await cluster.start();
    },
    async destroy() {
      if (isRunning) await cluster.stop('immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}
