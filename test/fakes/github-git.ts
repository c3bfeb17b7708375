import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** git with none of the machine's own configuration (user, system): fixtures come out the same everywhere. */
function quietGitEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', ...extra };
}

export interface FixtureCommit {
  message: string;
  files: Record<string, string>;
  /** ISO date for author and committer; fixed dates give fixed commit ids. */
  date: string;
  author?: { name: string; email: string };
}

/**
 * A bare repository built from a temporary work tree: each commit writes its files on top of the
 * previous tree. Answers the bare directory and the commit ids, oldest first.
 */
export function createFixtureRepository(parentDir: string, name: string, commits: FixtureCommit[], branch = 'main'): { bareDir: string; shas: string[] } {
  const work = mkdtempSync(path.join(tmpdir(), 'fixture-work-'));
  const home = mkdtempSync(path.join(tmpdir(), 'fixture-home-'));
  try {
    const git = (args: string[], extra: Record<string, string> = {}) =>
      execFileSync('git', args, { cwd: work, env: quietGitEnv(home, extra), encoding: 'utf8' }).trim();
    git(['init', '--quiet', '-b', branch]);
    const shas: string[] = [];
    for (const commit of commits) {
      for (const [file, content] of Object.entries(commit.files)) {
        mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
        writeFileSync(path.join(work, file), content);
      }
      git(['add', '-A']);
      const author = commit.author ?? { name: 'Fixture Author', email: 'author@example.test' };
      git(['commit', '--quiet', '-m', commit.message], {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_COMMITTER_NAME: author.name,
        GIT_COMMITTER_EMAIL: author.email,
        GIT_AUTHOR_DATE: commit.date,
        GIT_COMMITTER_DATE: commit.date,
      });
      shas.push(git(['rev-parse', 'HEAD']));
    }
    const bareDir = path.join(parentDir, `${name}.git`);
    git(['clone', '--quiet', '--bare', work, bareDir]);
    return { bareDir, shas };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

/** Reads a fixture repository the way the fake's commit endpoints need it. */
export function readGitRepository(bareDir: string) {
  const home = tmpdir();
  const git = (args: string[]) => execFileSync('git', ['-C', bareDir, ...args], { env: quietGitEnv(home), encoding: 'utf8' }).trim();
  const tryGit = (args: string[]) => {
    try {
      return git(args);
    } catch {
      return null;
    }
  };
  return {
    /** Commit ids reachable from `ref`, newest first; null when there is no such commit. */
    commitsFrom: (ref: string) =>
      tryGit(['rev-list', `${ref}^{commit}`, '--'])
        ?.split('\n')
        .filter(Boolean) ?? null,
    committerDate: (sha: string) => tryGit(['show', '-s', '--format=%cI', `${sha}^{commit}`, '--']),
    /** Distinct author emails on a branch, as GitHub's contributors list with anon=1 counts them. */
    contributors: (branch: string) => [...new Set(tryGit(['log', '--format=%ae', branch, '--'])?.split('\n').filter(Boolean) ?? [])],
  };
}

/**
 * Answers git's smart HTTP from a bare repository by running `git http-backend` as a CGI, as a
 * web server would: the request's fields go in as environment variables, the body on stdin, and
 * the output is a header block (`Status:` among it) followed by the body.
 */
export function serveGitHttpBackend(req: IncomingMessage, res: ServerResponse, body: Buffer, bareDir: string, rest: string, query: string): void {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: tmpdir(),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_PROJECT_ROOT: path.dirname(bareDir),
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: `/${path.basename(bareDir)}${rest}`,
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: query,
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    CONTENT_LENGTH: String(body.length),
    // Without it git reads a gzip body as if it were plain and the fetch fails.
    HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
    HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
    REMOTE_USER: 'x-access-token',
    REMOTE_ADDR: '127.0.0.1',
    // What github.com allows and a plain git server does not by default: partial clones, and fetching a commit by id.
    GIT_CONFIG_COUNT: '2',
    GIT_CONFIG_KEY_0: 'uploadpack.allowFilter',
    GIT_CONFIG_VALUE_0: 'true',
    GIT_CONFIG_KEY_1: 'uploadpack.allowAnySHA1InWant',
    GIT_CONFIG_VALUE_1: 'true',
  };
  const child = spawn('git', ['http-backend'], { env });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.resume();
  child.on('close', () => {
    const all = Buffer.concat(output);
    const end = all.indexOf('\r\n\r\n');
    const headerText = end === -1 ? '' : all.subarray(0, end).toString('latin1');
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon === -1) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500;
      else headers[name] = value;
    }
    res.writeHead(end === -1 ? 500 : status, headers);
    res.end(end === -1 ? undefined : all.subarray(end + 4));
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(body);
}
