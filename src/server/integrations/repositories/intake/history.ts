import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { gitEnv, gitText } from '#server/integrations/repositories/git-cli.js';

export interface GitHistory {
  commits: number;
  contributors: number;
  /** The commit's committer date, ISO 8601. */
  lastCommitAt: string | null;
}

/** The history figures of a commit, from the object database (the sandbox's repositories; GitHub has API counts). */
export async function readGitHistory(gitDir: string, commit: string, signal?: AbortSignal): Promise<GitHistory> {
  const [count, lastCommitAt, contributors] = await Promise.all([
    gitText(['rev-list', '--count', commit], { gitDir, signal }),
    gitText(['log', '-1', '--format=%cI', commit], { gitDir, signal }),
    countAuthors(gitDir, commit, signal),
  ]);
  return { commits: Number(count), contributors, lastCommitAt: lastCommitAt === '' ? null : new Date(lastCommitAt).toISOString() };
}

/** Unique author e-mails, read line by line: a long history's log never sits in memory whole. */
function countAuthors(gitDir: string, commit: string, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['log', '--format=%aE', commit], { env: gitEnv({}, gitDir), stdio: ['ignore', 'pipe', 'pipe'], signal });
    const emails = new Set<string>();
    let stderr = '';
    createInterface({ input: child.stdout }).on('line', (line) => emails.add(line.trim().toLowerCase()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(emails.size);
      else reject(new Error(`git log exited with ${code ?? 'a signal'}: ${stderr.trim().slice(0, 300)}`));
    });
  });
}
