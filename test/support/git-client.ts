import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The real git client, as a person runs it against the sandbox git host: no stored credentials
 * (`credential.helper=` empty), no prompts, no system or user config, a fixed identity for commits.
 */
const home = mkdtempSync(path.join(tmpdir(), 'finishline-git-client-'));

export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function git(args: readonly string[], cwd?: string): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'credential.helper=', '-c', 'protocol.version=2', ...args], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        GIT_AUTHOR_NAME: 'Test Person',
        GIT_AUTHOR_EMAIL: 'test@example.test',
        GIT_COMMITTER_NAME: 'Test Person',
        GIT_COMMITTER_EMAIL: 'test@example.test',
        LANG: 'C',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: stdout.trim(), stderr }));
  });
}

/** Like git(), but throws with git's own words when it fails. */
export async function gitOk(args: readonly string[], cwd?: string): Promise<string> {
  const run = await git(args, cwd);
  if (run.code !== 0) throw new Error(`git ${args.join(' ')} failed (${run.code}): ${run.stderr}`);
  return run.stdout;
}

/** A clone URL carrying Basic credentials. */
export function withCredentials(url: string, username: string, token: string): string {
  const parsed = new URL(url);
  parsed.username = username;
  parsed.password = token;
  return parsed.toString();
}

export const newWorkDir = (prefix = 'work-') => mkdtempSync(path.join(home, prefix));
