import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * git's smart HTTP protocol through `git http-backend` (a CGI program that ships with git), for the
 * sandbox host and the tests' GitHub fake. Only the four requests a clone, fetch or push makes are
 * passed on; the dumb protocol's file paths (HEAD, objects/…) answer 404, so nothing but git's own
 * protocol reads a repository's directory.
 */
export interface GitHttpRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The directory holding the bare repositories (GIT_PROJECT_ROOT). */
  projectRoot: string;
  /** '/<id>.git/<rest>': built by the caller from a database id, never from the URL. */
  pathInfo: string;
  /** Who git's logs and receive-pack see as the pusher; '' for an anonymous read. */
  remoteUser: string;
  queryString: string;
  /** The largest request body git buffers (GIT_HTTP_MAX_REQUEST_BUFFER); defaults to git's 10 MB. */
  maxRequestBuffer?: string;
  /** Told git's error output when http-backend exits with a failure (for the log). */
  onFailure?: (stderr: string) => void;
}

export type GitService = 'git-upload-pack' | 'git-receive-pack';

/** The service a request asks for, or null when it is not one of the smart protocol's four requests. */
export function gitServiceOf(method: string, rest: string, queryString: string): GitService | null {
  if (method === 'GET' && rest === 'info/refs') {
    const service = new URLSearchParams(queryString).get('service');
    return service === 'git-upload-pack' || service === 'git-receive-pack' ? service : null;
  }
  if (method === 'POST' && (rest === 'git-upload-pack' || rest === 'git-receive-pack')) return rest;
  return null;
}

// git reads $HOME/.gitconfig: an empty directory of our own keeps the server account's config out.
let emptyHome: string | undefined;
function emptyHomeDir(): string {
  if (!emptyHome) {
    emptyHome = path.join(tmpdir(), `finishline-git-home-${process.getuid?.() ?? 0}`);
    mkdirSync(emptyHome, { recursive: true, mode: 0o700 });
  }
  return emptyHome;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Serves one smart-HTTP request and resolves when the answer has been sent (or the client left). */
export function serveGitHttp(options: GitHttpRequest): Promise<void> {
  const { req, res } = options;
  const rest = options.pathInfo.replace(/^\/[^/]+\.git\//, '');
  if (!gitServiceOf(req.method ?? '', rest, options.queryString)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return Promise.resolve();
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: emptyHomeDir(),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_PROJECT_ROOT: options.projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    GIT_HTTP_MAX_REQUEST_BUFFER: options.maxRequestBuffer ?? '10M',
    PATH_INFO: options.pathInfo,
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: options.queryString,
    CONTENT_TYPE: header(req, 'content-type') ?? '',
    REMOTE_USER: options.remoteUser,
    REMOTE_ADDR: req.socket.remoteAddress ?? '',
  };
  const length = header(req, 'content-length');
  if (length !== undefined) env.CONTENT_LENGTH = length;
  // git inflates a gzip body itself when told it is one (git sends large fetch negotiations gzipped).
  const encoding = header(req, 'content-encoding');
  if (encoding !== undefined) env.HTTP_CONTENT_ENCODING = encoding;
  const protocol = header(req, 'git-protocol');
  if (protocol !== undefined) env.HTTP_GIT_PROTOCOL = protocol;

  return new Promise((resolve) => {
    const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    child.stdin.on('error', () => undefined);
    req.pipe(child.stdin);
    req.on('aborted', () => child.kill());
    res.on('close', () => {
      if (child.exitCode === null) child.kill();
    });

    let head = Buffer.alloc(0);
    let headerDone = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (headerDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      headerDone = true;
      const { status, headers } = parseCgiHeaders(head.subarray(0, end).toString('latin1'));
      res.writeHead(status, headers);
      const body = head.subarray(end + 4);
      if (body.length > 0) res.write(body);
    });
    child.on('error', () => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end();
      resolve();
    });
    child.on('close', (code) => {
      if (!headerDone && !res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(code === 0 ? '' : 'git http-backend failed\n');
      } else {
        res.end();
      }
      if (code !== 0) options.onFailure?.(stderr);
      resolve();
    });
  });
}

/** A CGI header block: `Status: 404 Not Found` becomes the status, every other line a header. */
export function parseCgiHeaders(block: string): { status: number; headers: Record<string, string> } {
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'status') status = Number.parseInt(value, 10) || 500;
    else headers[name] = value;
  }
  return { status, headers };
}
