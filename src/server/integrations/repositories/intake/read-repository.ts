import type { IntakeLimits, IntakeResult, ReportManifest } from '#shared/domain/repository-report.js';
import { isDocumentation, LanguageTally, type TextFile } from './classify.js';
import { capProblems, isOutsideTarget, linkProblem, maxLinkTargetBytes, oversizedMessage, type PathProblem, planEntries } from './entry-rules.js';
import { readGitHistory } from './history.js';
import { isManifestPath, readManifest } from './manifests.js';
import { BlobReader, toBatches } from './read-blobs.js';
import { readTree, resolveCommit, type TreeEntry } from './read-tree.js';
import { ciForPath, countTodos, frameworksFromImports, frameworksFromPackages, isLicensePath, isReadmePath, isTestPath, todoPerKloc } from './tests-and-ci.js';

export interface ReadRepositoryInput {
  /** A bare repository on this machine. */
  gitDir: string;
  /** The commit to read (an id or a name git resolves to one). */
  commit: string;
  limits: IntakeLimits;
  signal?: AbortSignal;
}

/** A NUL byte in the first 8,000 bytes makes a file binary (git's own rule): counted, never read as text. */
const binaryProbeBytes = 8000;

/** What the batches add up to. */
interface Counters {
  tally: LanguageTally;
  todos: number;
  testFiles: number;
  frameworks: Set<string>;
  manifests: ReportManifest[];
  problems: PathProblem[];
}

/**
 * Reads one commit of a bare repository into the figures of its intake report. Everything comes from
 * git's object database (ls-tree, cat-file, log): nothing is checked out and nothing from the
 * repository runs. Blobs are read in batches, so that memory holds about one batch at a time.
 */
export async function readRepository({ gitDir, commit, limits, signal }: ReadRepositoryInput): Promise<IntakeResult> {
  const id = await resolveCommit(gitDir, commit, signal);
  const entries = await readTree(gitDir, id, signal);
  const plan = planEntries(entries, limits);
  const treePaths = new Set(entries.map((entry) => entry.path));
  const counters: Counters = { tally: new LanguageTally(), todos: 0, testFiles: 0, frameworks: new Set(), manifests: [], problems: plan.problems };

  const reader = new BlobReader(gitDir, signal);
  try {
    await checkLinks(reader, plan.symlinks, counters.problems);
    for (const batch of toBatches(plan.toRead, (entry) => entry.size ?? 0)) {
      signal?.throwIfAborted();
      const blobs = await reader.read(batch.map((entry) => entry.sha));
      await countBatch(batch, blobs, treePaths, counters);
    }
  } finally {
    reader.close();
  }
  signal?.throwIfAborted();
  const history = await readGitHistory(gitDir, id, signal);

  const linesOfCode = counters.tally.linesOfCode();
  const paths = entries.filter((entry) => entry.mode !== '160000').map((entry) => entry.path);
  const summaries = [plan.stoppedBy, plan.oversized > 0 ? oversizedMessage(plan.oversized, limits.maxFileBytes) : null].filter((line) => line !== null);
  return {
    figures: {
      languages: counters.tally.languages(),
      linesOfCode,
      files: plan.files,
      testFiles: counters.testFiles,
      testFrameworks: [...counters.frameworks].sort(byName),
      ci: [...new Set(paths.map(ciForPath).filter((ci) => ci !== null))].sort(byName),
      manifests: counters.manifests,
      readme: paths.some(isReadmePath),
      license: paths.some(isLicensePath),
      todoPerKloc: todoPerKloc(counters.todos, linesOfCode),
      lastCommitAt: history.lastCommitAt,
      commits: history.commits,
      contributors: history.contributors,
    },
    problems: capProblems(summaries, counters.problems, limits.maxProblems),
    partial: plan.stoppedBy !== null,
  };
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** Reads each link's target (never what it points at) and lists those that leave the repository. */
async function checkLinks(reader: BlobReader, links: readonly TreeEntry[], problems: PathProblem[]): Promise<void> {
  const tooLong = links.filter((link) => (link.size ?? 0) > maxLinkTargetBytes);
  for (const link of tooLong) problems.push({ path: link.path, text: linkProblem(link.path, `(a target of ${link.size ?? 0} bytes)`) });
  const readable = links.filter((link) => (link.size ?? 0) <= maxLinkTargetBytes);
  for (const batch of toBatches(readable, (link) => link.size ?? 0)) {
    const targets = await reader.read(batch.map((link) => link.sha));
    batch.forEach((link, index) => {
      const target = targets[index]?.toString('utf8') ?? '';
      if (isOutsideTarget(link.path, target)) problems.push({ path: link.path, text: linkProblem(link.path, target) });
    });
  }
}

/** Counts one batch of blobs, then lets it go. */
async function countBatch(batch: readonly TreeEntry[], blobs: readonly (Buffer | null)[], treePaths: ReadonlySet<string>, counters: Counters): Promise<void> {
  const code: TextFile[] = [];
  batch.forEach((entry, index) => {
    const blob = blobs[index];
    if (!blob) {
      counters.problems.push({ path: entry.path, text: `${entry.path}: its content is missing from the repository (not read)` });
      return;
    }
    if (blob.subarray(0, binaryProbeBytes).includes(0)) return;
    const text = blob.toString('utf8');
    // Every text file of the project's own, documentation too: a TODO list in a README is still work left.
    counters.todos += countTodos(text);
    if (isTestPath(entry.path)) {
      counters.testFiles += 1;
      for (const framework of frameworksFromImports(text)) counters.frameworks.add(framework);
    }
    if (isManifestPath(entry.path)) {
      const reading = readManifest(entry.path, text, treePaths);
      if ('problem' in reading) counters.problems.push({ path: entry.path, text: reading.problem });
      else {
        counters.manifests.push(reading.manifest);
        for (const framework of frameworksFromPackages(reading.names)) counters.frameworks.add(framework);
      }
    }
    if (!isDocumentation(entry.path)) code.push({ path: entry.path, text });
  });
  await counters.tally.add(code);
}
