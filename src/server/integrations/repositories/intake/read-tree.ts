import { GitError, gitText, runGit } from '#server/integrations/repositories/git-cli.js';

/** One entry of a commit's tree, as `git ls-tree -r -l` lists it. */
export interface TreeEntry {
  path: string;
  /** Git's octal mode: 100644/100755 a file, 120000 a symbolic link, 160000 a submodule. */
  mode: string;
  sha: string;
  /** The blob's size in bytes; null for a submodule (a commit of another repository). */
  size: number | null;
}

export const symlinkMode = '120000';
export const submoduleMode = '160000';

/**
 * The full commit id of `commit`, or a clear error when the repository has no such commit. The
 * `^{commit}` suffix and the leading-dash check keep a crafted name from being read as an option.
 */
export async function resolveCommit(gitDir: string, commit: string, signal?: AbortSignal): Promise<string> {
  if (commit === '' || commit.startsWith('-')) throw new Error(`The commit "${commit}" is not a valid commit name`);
  try {
    return await gitText(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], { gitDir, signal });
  } catch (error) {
    if (error instanceof GitError) throw new Error(`The commit ${commit} does not exist in the repository`, { cause: error });
    throw error;
  }
}

/**
 * Lists every entry of the commit's tree from the object database alone: no checkout, no
 * `git archive`, so no filter, textconv or attribute of the repository ever runs. Sorted by path so
 * that the limits stop at the same place every time.
 */
export async function readTree(gitDir: string, commit: string, signal?: AbortSignal): Promise<TreeEntry[]> {
  const { stdout } = await runGit(['ls-tree', '-r', '-l', '-z', '--full-tree', commit], { gitDir, signal });
  return parseLsTree(stdout);
}

const sizeOf = (text: string): number | null => (text === '-' ? null : text === 'BAD' ? Number.POSITIVE_INFINITY : Number(text));

/**
 * Parses `<mode> <type> <sha> <size>\t<path>\0` records; the size is right-aligned and "-" for a
 * submodule. A GitHub snapshot is a partial clone that leaves out blobs over its filter (2 MB), and
 * git prints "BAD" for their size: they are over the limit by construction, so they count as such.
 */
export function parseLsTree(output: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let start = 0;
  while (start < output.length) {
    let end = output.indexOf(0, start);
    if (end < 0) end = output.length;
    const tab = output.indexOf(9, start);
    if (tab < 0 || tab > end) throw new Error('git ls-tree answered a line without a path');
    const [mode, , sha, size] = output.toString('latin1', start, tab).split(/ +/);
    if (!mode || !sha || size === undefined) throw new Error('git ls-tree answered a line it could not read');
    entries.push({ path: output.toString('utf8', tab + 1, end), mode, sha, size: sizeOf(size) });
    start = end + 1;
  }
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
