import { spawn } from 'node:child_process';

/**
 * Runs the git binary for the repository hosts and the intake (decisions 054, 055). Arguments go as
 * an argv array (never a shell), the environment is minimal (the process's secrets stay out: git and
 * its hooks would otherwise see STRIPE_SECRET_KEY and the rest), system and user config are ignored,
 * and nothing prompts. A repository's own hooks never run: Finishline only creates bare repositories
 * with core.hooksPath=/dev/null and never checks one out.
 */
export interface GitOptions {
  /** The bare repository (GIT_DIR); omitted for `git init` and `clone`. */
  gitDir?: string;
  cwd?: string;
  /** Written to stdin, then closed. */
  input?: string | Buffer;
  /** More variables, on top of the minimal ones. */
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** Exit codes that are answers rather than failures (merge-tree's 1 for a conflict). */
  okCodes?: readonly number[];
}

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export class GitError extends Error {
  override name = 'GitError';
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} exited with ${code ?? 'a signal'}: ${stderr.trim().slice(0, 500)}`);
  }
}

/** The environment git runs with: PATH and an empty HOME, no system config, no prompts. */
export function gitEnv(extra: Record<string, string> = {}, gitDir?: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: '/nonexistent',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'true',
    LANG: 'C',
    ...(gitDir ? { GIT_DIR: gitDir } : {}),
    ...extra,
  };
}

/** Runs git to its end and answers its output; throws GitError on an exit code not in okCodes (default 0). */
export function runGit(args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], {
      cwd: options.cwd,
      env: gitEnv(options.env, options.gitDir),
      signal: options.signal,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      const ok = options.okCodes ?? [0];
      if (code === null || !ok.includes(code)) reject(new GitError(args, code, stderr));
      else resolve({ code, stdout: Buffer.concat(out), stderr });
    });
    child.stdin.on('error', () => undefined); // git may exit before reading all of stdin
    child.stdin.end(options.input ?? '');
  });
}

/** runGit's output as trimmed text. */
export async function gitText(args: readonly string[], options: GitOptions = {}): Promise<string> {
  return (await runGit(args, options)).stdout.toString('utf8').trim();
}
