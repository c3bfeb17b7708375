import { gitText, runGit } from './git-cli.js';
import type { HostFailure, Snapshot } from './repository-host.js';

/**
 * A snapshot of one of the sandbox's own bare repositories: the directory itself (nothing is
 * copied, so release frees nothing), or 'no_branch' when the commit is not in it.
 */
export async function openBareSnapshot(gitDir: string, commit: string, signal: AbortSignal): Promise<Snapshot | HostFailure> {
  const found = await runGit(['cat-file', '-e', `${commit}^{commit}`], { gitDir, signal, okCodes: [0, 1, 128] });
  if (found.code !== 0) return 'no_branch';
  return {
    gitDir,
    commit,
    async history() {
      const commits = Number(await gitText(['rev-list', '--count', commit], { gitDir, signal }));
      const emails = await gitText(['log', '--format=%aE', commit], { gitDir, signal });
      const last = await gitText(['log', '-1', '--format=%cI', commit], { gitDir, signal });
      return { commits, contributors: new Set(emails.split('\n').filter(Boolean)).size, lastCommitAt: last ? new Date(last) : null };
    },
    release: async () => undefined,
  };
}
