import path from 'node:path';
import type { IntakeLimits } from '#shared/domain/repository-report.js';
import { isVendored } from './classify.js';
import { submoduleMode, symlinkMode, type TreeEntry } from './read-tree.js';

/** A problem about one path; listed in path order. */
export interface PathProblem {
  path: string;
  text: string;
}

/** What the intake does with a tree, decided from the listing alone, before any blob is read. */
export interface EntryPlan {
  /** Regular files counted: oversized and binary ones too; vendored and generated ones, links and submodules not. */
  files: number;
  /** Files whose blob is read, in path order. */
  toRead: TreeEntry[];
  /** Symbolic links: only their target is read, to check it. */
  symlinks: TreeEntry[];
  oversized: number;
  problems: PathProblem[];
  /** The problem that says where and why the intake stopped, when a limit stopped it. */
  stoppedBy: string | null;
}

const isRegularFile = (mode: string) => mode === '100644' || mode === '100755' || mode === '100664';

/**
 * Applies the safety rules in path order: submodules are listed, never entered; symbolic links are
 * never followed; a file over maxFileBytes is counted but not read; the walk stops at maxFiles files
 * or maxTotalBytes of blobs to read, so a huge repository gives a partial report rather than none.
 */
export function planEntries(entries: readonly TreeEntry[], limits: IntakeLimits): EntryPlan {
  const plan: EntryPlan = { files: 0, toRead: [], symlinks: [], oversized: 0, problems: [], stoppedBy: null };
  let bytes = 0;
  for (const entry of entries) {
    if (entry.mode === submoduleMode) {
      plan.problems.push({ path: entry.path, text: `Submodule ${entry.path}: not read` });
      continue;
    }
    if (entry.mode === symlinkMode) {
      plan.symlinks.push(entry);
      continue;
    }
    // Third-party or generated (node_modules/, vendor/, lockfiles ...): not the project's work, so
    // neither counted nor read, nor held against the limits, which are there to bound the reading.
    if (!isRegularFile(entry.mode) || isVendored(entry.path)) continue;
    if (plan.files >= limits.maxFiles) {
      plan.stoppedBy = stoppedMessage(plan.files, `the limit is ${files(limits.maxFiles)}`);
      break;
    }
    const size = entry.size ?? 0;
    if (size > limits.maxFileBytes) {
      plan.files += 1;
      plan.oversized += 1;
      continue;
    }
    if (bytes + size > limits.maxTotalBytes) {
      plan.stoppedBy = stoppedMessage(plan.files, `the limit is ${formatBytes(limits.maxTotalBytes)} of files read`);
      break;
    }
    plan.files += 1;
    bytes += size;
    plan.toRead.push(entry);
  }
  return plan;
}

/** Symbolic link targets over this are not even read: no real path is that long (Linux's PATH_MAX is 4096). */
export const maxLinkTargetBytes = 4096;

/** Whether a link's target leaves the repository: absolute, or above the root once normalised. */
export function isOutsideTarget(linkPath: string, target: string): boolean {
  if (target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(target) || target.startsWith('\\')) return true;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(linkPath), target));
  return resolved === '..' || resolved.startsWith('../');
}

export function linkProblem(linkPath: string, target: string): string {
  return `A symbolic link points outside the repository: ${linkPath} -> ${target.slice(0, 200)} (not read)`;
}

/** The problem list: where the intake stopped and what it skipped first, then per-path problems, at most `max` lines. */
export function capProblems(summaries: readonly string[], details: readonly PathProblem[], max: number): string[] {
  const sorted = [...details].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((problem) => problem.text);
  const all = [...summaries, ...sorted];
  if (all.length <= max) return all;
  const kept = Math.max(0, max - 1);
  const more = all.length - kept;
  return [...all.slice(0, kept), more === 1 ? '1 more problem not listed' : `${formatCount(more)} more problems not listed`];
}

export function oversizedMessage(count: number, maxFileBytes: number): string {
  const limit = formatBytes(maxFileBytes);
  return count === 1 ? `1 file over ${limit} was not read` : `${formatCount(count)} files over ${limit} were not read`;
}

function stoppedMessage(count: number, reason: string): string {
  return `Stopped after ${files(count)} (${reason}): the report covers part of the repository`;
}

const formatCount = (count: number) => count.toLocaleString('en-US');
const files = (count: number) => `${formatCount(count)} ${count === 1 ? 'file' : 'files'}`;

/** 2 MB, 512 KB or 1,000 bytes: whole units where the limit allows, so the real limits read naturally. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${formatCount(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${formatCount(bytes / 1024)} KB`;
  return `${formatCount(bytes)} bytes`;
}
