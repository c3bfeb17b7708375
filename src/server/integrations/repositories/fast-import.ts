import { gitText, runGit } from './git-cli.js';

/**
 * Writes commits into a bare repository through `git fast-import`, with no work tree and no clock:
 * the same files, authors and dates give the same commit ids every time. The demo data, the tests'
 * fixture repositories and the intake bench build their repositories with it.
 */
export type FileContent =
  | string
  | Buffer
  | { executable: string }
  /** A symbolic link to this target (stored as git stores one: mode 120000, the target as the blob). */
  | { symlink: string }
  /** A submodule pointing at this commit id (mode 160000). */
  | { submodule: string };

export interface ImportCommit {
  message: string;
  author: { name: string; email: string };
  date: Date;
  /** Paths written in this commit; null deletes a path. */
  files: Record<string, FileContent | null>;
}

/** Creates a bare repository whose hooks never run and whose default branch is `branch`. */
export async function initBareRepository(gitDir: string, branch = 'main'): Promise<void> {
  await runGit(['init', '--quiet', '--bare', `--initial-branch=${branch}`, gitDir]);
  await runGit(['config', 'core.hooksPath', '/dev/null'], { gitDir });
}

/** Appends the commits to `branch` (creating it, from `from` when given) and answers the new head's id. */
export async function importCommits(gitDir: string, commits: readonly ImportCommit[], branch = 'main', from?: string): Promise<string> {
  const parent = await runGit(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { gitDir, okCodes: [0, 1] });
  const start =
    parent.code === 0 ? parent : from ? await runGit(['rev-parse', '--verify', '--quiet', `refs/heads/${from}`], { gitDir, okCodes: [0, 1] }) : parent;
  const chunks: Buffer[] = [];
  const line = (text: string) => chunks.push(Buffer.from(`${text}\n`, 'utf8'));
  const data = (bytes: Buffer) => {
    line(`data ${bytes.length}`);
    chunks.push(bytes);
    line('');
  };
  commits.forEach((commit, index) => {
    const who = `${commit.author.name} <${commit.author.email}> ${Math.floor(commit.date.getTime() / 1000)} +0000`;
    line(`commit refs/heads/${branch}`);
    line(`author ${who}`);
    line(`committer ${who}`);
    data(Buffer.from(commit.message, 'utf8'));
    if (index === 0 && start.code === 0) line(`from ${start.stdout.toString('utf8').trim()}`);
    for (const [path, content] of Object.entries(commit.files)) {
      if (content === null) {
        line(`D ${path}`);
      } else if (typeof content === 'string' || Buffer.isBuffer(content)) {
        line(`M 100644 inline ${path}`);
        data(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));
      } else if ('executable' in content) {
        line(`M 100755 inline ${path}`);
        data(Buffer.from(content.executable, 'utf8'));
      } else if ('symlink' in content) {
        line(`M 120000 inline ${path}`);
        data(Buffer.from(content.symlink, 'utf8'));
      } else {
        line(`M 160000 ${content.submodule} ${path}`);
      }
    }
    line('');
  });
  await runGit(['fast-import', '--quiet', '--done'], { gitDir, input: Buffer.concat([...chunks, Buffer.from('done\n')]) });
  return gitText(['rev-parse', `refs/heads/${branch}`], { gitDir });
}
