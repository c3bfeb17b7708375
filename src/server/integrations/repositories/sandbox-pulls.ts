import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { CheckState } from '#shared/domain/repository-access.js';
import { AppError } from '#server/app-error.js';
import type { Db } from '#server/db/client.js';
import { repositories, sandboxCheckRuns, sandboxPullRequests } from '#server/db/schema/repositories.js';
import { users } from '#server/db/schema/users.js';
import { gitText, runGit } from './git-cli.js';
import type { FinishlineCheck, HostPullRequest, RepositoryRef } from './repository-host.js';
import { mergedPullRequestPayload, pushPayload } from './sandbox-events.js';
import { findSandboxRepository } from './sandbox-repository.js';

/** Pull requests, checks and merges on the sandbox host: rows in the database, commits in the bare repository. */
export interface SandboxPulls {
  createPull(input: { repositoryId: number; head: string; base: string; title: string; authorId: number }): Promise<{ number: number }>;
  /** Merges without a work tree; CONFLICT when the branches conflict or the base moved meanwhile. */
  mergePull(
    repositoryId: number,
    number: number,
    merger: { id: number; username: string },
  ): Promise<{ number: number; state: 'merged'; mergeCommitSha: string }>;
  setCheck(repositoryId: number, number: number, check: { name: string; state: CheckState }): Promise<void>;
  getPullRequest(repo: RepositoryRef, number: number): Promise<HostPullRequest | null>;
  postCheck(repo: RepositoryRef, check: FinishlineCheck): Promise<{ id: string }>;
}

interface PullsDeps {
  db: Db;
  gitDirOf: (repositoryId: number) => string;
  ready: () => Promise<void>;
  deliver: (event: string, payload: unknown) => Promise<void>;
}

// Merge commits are the host's own: a fixed identity, so they never borrow the server account's.
const MERGER_ENV = {
  GIT_AUTHOR_NAME: 'Finishline sandbox',
  GIT_AUTHOR_EMAIL: 'sandbox@finishline.invalid',
  GIT_COMMITTER_NAME: 'Finishline sandbox',
  GIT_COMMITTER_EMAIL: 'sandbox@finishline.invalid',
};

const BRANCH = /^(?!\.)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._/-]{1,200}(?<![./])$/;

export function createSandboxPulls({ db, gitDirOf, ready, deliver }: PullsDeps): SandboxPulls {
  const branchSha = async (repositoryId: number, branch: string) => {
    if (!BRANCH.test(branch) || branch.endsWith('.lock')) return null;
    const found = await runGit(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], { gitDir: gitDirOf(repositoryId), okCodes: [0, 1, 128] });
    return found.code === 0 ? found.stdout.toString('utf8').trim() : null;
  };
  const pullOf = async (repositoryId: number, number: number) =>
    (
      await db
        .select()
        .from(sandboxPullRequests)
        .where(and(eq(sandboxPullRequests.repositoryId, repositoryId), eq(sandboxPullRequests.number, number)))
        .limit(1)
    )[0] ?? null;
  const rowOf = (ref: Pick<RepositoryRef, 'externalId'>) => findSandboxRepository(db, ref.externalId);

  /** Additions, deletions and status per file between two commits (the three-dot diff GitHub shows). */
  const diffFiles = async (gitDir: string, base: string, head: string) => {
    const numstat = await gitText(['diff', '--no-renames', '--numstat', `${base}...${head}`], { gitDir });
    const names = await gitText(['diff', '--no-renames', '--name-status', `${base}...${head}`], { gitDir });
    const statusOf = new Map(
      names
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(line.indexOf('\t') + 1), line[0]!] as const),
    );
    const words: Record<string, string> = { A: 'added', D: 'removed', M: 'modified', T: 'changed' };
    return numstat
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [adds = '0', dels = '0', ...rest] = line.split('\t');
        const filePath = rest.join('\t');
        // Binary files count no lines, as on GitHub.
        return { path: filePath, additions: Number(adds) || 0, deletions: Number(dels) || 0, status: words[statusOf.get(filePath) ?? 'M'] ?? 'modified' };
      });
  };

  return {
    async createPull({ repositoryId, head, base, title, authorId }) {
      await ready();
      if (head === base) throw new AppError('VALIDATION_FAILED', 'The head and base branches must differ');
      const headSha = await branchSha(repositoryId, head);
      if (!headSha) throw new AppError('VALIDATION_FAILED', `There is no branch named ${head}`);
      if (!(await branchSha(repositoryId, base))) throw new AppError('VALIDATION_FAILED', `There is no branch named ${base}`);
      return db.transaction(async (tx) => {
        // Numbers count up per repository: the repository's row lock keeps two new pulls from taking the same one.
        await tx.select({ id: repositories.id }).from(repositories).where(eq(repositories.id, repositoryId)).for('update');
        const [last] = await tx
          .select({ number: max(sandboxPullRequests.number) })
          .from(sandboxPullRequests)
          .where(eq(sandboxPullRequests.repositoryId, repositoryId));
        const number = (last?.number ?? 0) + 1;
        await tx.insert(sandboxPullRequests).values({ repositoryId, number, head, base, title, authorId, headSha });
        return { number };
      });
    },

    async mergePull(repositoryId, number, merger) {
      await ready();
      const gitDir = gitDirOf(repositoryId);
      const merged = await db.transaction(async (tx) => {
        // The pull's row lock serializes two merges of it; update-ref's old value guards the branch against pushes.
        const [pull] = await tx
          .select()
          .from(sandboxPullRequests)
          .where(and(eq(sandboxPullRequests.repositoryId, repositoryId), eq(sandboxPullRequests.number, number)))
          .for('update');
        if (!pull) throw new AppError('NOT_FOUND', 'This pull request does not exist');
        if (pull.state !== 'open') throw new AppError('CONFLICT', `This pull request is already ${pull.state}`);
        const [repository] = await tx.select().from(repositories).where(eq(repositories.id, repositoryId));
        const baseSha = await branchSha(repositoryId, pull.base);
        const headSha = await branchSha(repositoryId, pull.head);
        if (!baseSha || !headSha) throw new AppError('CONFLICT', 'A branch of this pull request no longer exists');
        const tree = await runGit(['merge-tree', '--write-tree', baseSha, headSha], { gitDir, okCodes: [0, 1] });
        if (tree.code === 1) throw new AppError('CONFLICT', `This pull request conflicts with ${pull.base}`);
        const treeSha = tree.stdout.toString('utf8').split('\n')[0]!.trim();
        const commit = await gitText(['commit-tree', treeSha, '-p', baseSha, '-p', headSha, '-m', `Merge pull request #${number}`], {
          gitDir,
          env: MERGER_ENV,
        });
        const moved = await runGit(['update-ref', `refs/heads/${pull.base}`, commit, baseSha], { gitDir, okCodes: [0, 1, 128] });
        if (moved.code !== 0) throw new AppError('CONFLICT', `${pull.base} moved while merging; please try again`);
        await tx
          .update(sandboxPullRequests)
          .set({ state: 'merged', headSha, mergeCommitSha: commit, mergedById: merger.id, mergedAt: new Date() })
          .where(eq(sandboxPullRequests.id, pull.id));
        if (pull.base === repository!.defaultBranch)
          await tx.update(repositories).set({ headSha: commit, updatedAt: new Date() }).where(eq(repositories.id, repositoryId));
        return { pull, repository: repository!, baseSha, headSha, commit };
      });
      // After the commit, never inside the transaction: the handler reads what the merge wrote.
      const { pull, repository, baseSha, headSha, commit } = merged;
      await deliver(
        'pull_request',
        mergedPullRequestPayload(repository, { number, mergedBy: merger.username, mergeCommitSha: commit, headSha, headRef: pull.head, baseRef: pull.base }),
      );
      await deliver('push', pushPayload(repository, { ref: `refs/heads/${pull.base}`, before: baseSha, after: commit }, merger.username));
      return { number, state: 'merged', mergeCommitSha: commit };
    },

    async setCheck(repositoryId, number, { name, state }) {
      await ready();
      const pull = await pullOf(repositoryId, number);
      if (!pull) throw new AppError('NOT_FOUND', 'This pull request does not exist');
      const headSha = pull.state === 'open' ? ((await branchSha(repositoryId, pull.head)) ?? pull.headSha) : pull.headSha;
      if (headSha !== pull.headSha) await db.update(sandboxPullRequests).set({ headSha }).where(eq(sandboxPullRequests.id, pull.id));
      await db
        .insert(sandboxCheckRuns)
        .values({ pullRequestId: pull.id, name, state, headSha })
        .onConflictDoUpdate({
          target: [sandboxCheckRuns.pullRequestId, sandboxCheckRuns.name, sandboxCheckRuns.headSha],
          set: { state, updatedAt: new Date() },
        });
    },

    async getPullRequest(ref, number) {
      await ready();
      const repository = await rowOf(ref);
      if (!repository) return null;
      const pull = await pullOf(repository.id, number);
      if (!pull) return null;
      const gitDir = gitDirOf(repository.id);
      const headSha = pull.state === 'open' ? ((await branchSha(repository.id, pull.head)) ?? pull.headSha) : pull.headSha;
      // A merged pull is measured against the base as it was before the merge: its first parent.
      const base = pull.state === 'merged' && pull.mergeCommitSha ? `${pull.mergeCommitSha}^1` : ((await branchSha(repository.id, pull.base)) ?? headSha);
      const commits = Number(await gitText(['rev-list', '--count', `${base}..${headSha}`], { gitDir }));
      const files = await diffFiles(gitDir, base, headSha);
      const checks = await db
        .select({ name: sandboxCheckRuns.name, state: sandboxCheckRuns.state })
        .from(sandboxCheckRuns)
        .where(and(eq(sandboxCheckRuns.pullRequestId, pull.id), eq(sandboxCheckRuns.headSha, headSha)))
        .orderBy(sandboxCheckRuns.name);
      const [merger] = pull.mergedById ? await db.select({ username: users.username }).from(users).where(eq(users.id, pull.mergedById)) : [];
      return {
        number: pull.number,
        title: pull.title,
        state: pull.state,
        headSha,
        headRef: pull.head,
        baseRef: pull.base,
        commits,
        additions: files.reduce((sum, file) => sum + file.additions, 0),
        deletions: files.reduce((sum, file) => sum + file.deletions, 0),
        changedFiles: files.length,
        files: files.slice(0, 100),
        checks,
        mergedBy: merger?.username ?? null,
        mergeCommitSha: pull.mergeCommitSha,
        mergedAt: pull.mergedAt,
      };
    },

    async postCheck(ref, check) {
      const repository = await rowOf(ref);
      if (!repository) throw new AppError('NOT_FOUND', 'This repository does not exist');
      const [pull] = await db
        .select()
        .from(sandboxPullRequests)
        .where(and(eq(sandboxPullRequests.repositoryId, repository.id), eq(sandboxPullRequests.headSha, check.headSha)))
        .orderBy(desc(sandboxPullRequests.number))
        .limit(1);
      if (!pull) throw new AppError('NOT_FOUND', 'No pull request has this head commit');
      const state = check.conclusion ?? 'pending';
      const [row] = await db
        .insert(sandboxCheckRuns)
        .values({ pullRequestId: pull.id, name: 'Finishline', state, headSha: check.headSha, summary: `${check.title}\n\n${check.summary}` })
        .onConflictDoUpdate({
          target: [sandboxCheckRuns.pullRequestId, sandboxCheckRuns.name, sandboxCheckRuns.headSha],
          set: { state, summary: sql`excluded.summary`, updatedAt: new Date() },
        })
        .returning({ id: sandboxCheckRuns.id });
      return { id: String(row!.id) };
    },
  };
}
