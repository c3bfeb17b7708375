import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { gitText } from './git-cli.js';

/** `git merge-tree --write-tree`, which merges without a work tree, arrived in git 2.38. */
const MINIMUM: readonly [number, number] = [2, 38];

/**
 * Why this machine's git cannot run the sandbox host, or null when it can: git must be on PATH,
 * at least 2.38, with its http-backend program (Debian's `git` package has it).
 */
export async function checkSandboxGit(): Promise<string | null> {
  let version: string;
  try {
    version = await gitText(['--version']);
  } catch {
    return 'git is not installed';
  }
  const match = /(\d+)\.(\d+)/.exec(version);
  const [major, minor] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) return `it needs git 2.38 or later, and this machine has ${version}`;
  try {
    await access(path.join(await gitText(['--exec-path']), 'git-http-backend'), constants.X_OK);
  } catch {
    return 'git http-backend is not installed';
  }
  return null;
}
