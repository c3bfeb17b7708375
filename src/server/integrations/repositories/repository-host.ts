import type { CheckState, PullRequestState } from '#shared/domain/repository-access.js';
import type { RepositoryProvider } from '#shared/domain/repository-report.js';

/**
 * A repository host as Finishline needs it (docs/decisions/054-repository-hosts.md): list and verify
 * the repositories a person may connect, read a commit's objects for the intake report, give and take
 * a finisher's push access, read pull requests, post Finishline's check, and verify webhook events.
 * Two adapters implement it: a GitHub App (octokit) and the built-in sandbox host (bare repositories
 * under DATA_DIR served over git's smart HTTP). Events of both are GitHub-shaped and signed.
 */
export interface RepositoryHost {
  readonly provider: RepositoryProvider;
  /** What processed_webhook_events calls this host's deliveries. */
  readonly webhookProvider: 'github' | 'sandbox-git';
  /** Repositories this person may connect (administer). */
  listConnectable(user: HostUser): Promise<HostRepository[]>;
  /** The repository when this person may administer it, else null: checked every time one is connected. */
  verifyAdmin(user: HostUser, externalId: string): Promise<HostRepository | null>;
  getRepository(repo: RepositoryRef): Promise<HostRepository | HostFailure>;
  resolveBranch(repo: RepositoryRef, branch: string): Promise<{ sha: string } | HostFailure>;
  /** A local bare object store holding `commit` (never a work tree), and the branch's history figures. */
  openSnapshot(repo: RepositoryRef, commit: string, signal: AbortSignal): Promise<Snapshot | HostFailure>;
  /** Push access for the finisher: a GitHub invitation, or granted at once on the sandbox. Idempotent. */
  grantPush(repo: RepositoryRef, finisher: HostUser): Promise<{ status: 'invited'; invitationId: string } | { status: 'granted' }>;
  /** Removes push access and withdraws a pending invitation. Idempotent: a 404 counts as done. */
  revokePush(repo: RepositoryRef, finisher: HostUser, invitationId: string | null): Promise<{ withdrewInvitation: boolean }>;
  getPullRequest(repo: RepositoryRef, number: number): Promise<HostPullRequest | null>;
  /** Creates or updates Finishline's own check on a commit. */
  postCheck(repo: RepositoryRef, check: FinishlineCheck): Promise<{ id: string }>;
  /** Verifies a delivery's signature on its raw body; throws WebhookSignatureError when it does not verify. */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<RepositoryEvent>;
}

/** A Finishline user as a host sees them; `github` once they linked their GitHub account. */
export interface HostUser {
  userId: number;
  username: string;
  github: { login: string; id: number; token: string | null } | null;
}

export interface HostRepository {
  externalId: string;
  fullName: string;
  url: string;
  cloneUrl: string;
  isPrivate: boolean;
  defaultBranch: string;
  installationId: number | null;
}

/** What a stored repository row tells a host about the repository. */
export interface RepositoryRef {
  provider: RepositoryProvider;
  externalId: string;
  fullName: string;
  installationId: number | null;
}

/** Why a host could not answer: the repository is gone, Finishline has no access, or the branch does not exist. */
export type HostFailure = 'gone' | 'no_access' | 'no_branch';
export const isHostFailure = (value: unknown): value is HostFailure => value === 'gone' || value === 'no_access' || value === 'no_branch';

export interface Snapshot {
  /** A bare git directory holding the commit's objects; read with `git ls-tree` / `cat-file`, never checked out. */
  gitDir: string;
  commit: string;
  history(): Promise<{ commits: number; contributors: number; lastCommitAt: Date | null }>;
  /** Frees what the snapshot holds (a temporary clone); a no-op for the sandbox's own repositories. */
  release(): Promise<void>;
}

export interface HostPullRequest {
  number: number;
  title: string;
  state: PullRequestState;
  headSha: string;
  headRef: string;
  baseRef: string;
  commits: number;
  additions: number;
  deletions: number;
  changedFiles: number;
  /** The first 100 files changed. */
  files: { path: string; additions: number; deletions: number; status: string }[];
  checks: { name: string; state: CheckState }[];
  /** The host login (GitHub) or Finishline username (sandbox) of who merged it. */
  mergedBy: string | null;
  mergeCommitSha: string | null;
  mergedAt: Date | null;
}

export interface FinishlineCheck {
  headSha: string;
  title: string;
  summary: string;
  conclusion: 'neutral' | 'success' | null;
  /** The check run to update, when one was posted before. */
  existingId: string | null;
}

export interface WebhookHeaders {
  event: string | undefined;
  delivery: string | undefined;
  signature: string | undefined;
}

/** A webhook delivery, read from GitHub's field names (the sandbox sends the same shapes). */
export type RepositoryEvent = { delivery: string } & (
  | { type: 'push'; repositoryId: string; ref: string; after: string; defaultBranch: string }
  | {
      type: 'pull_request';
      repositoryId: string;
      action: string;
      number: number;
      merged: boolean;
      mergedBy: string | null;
      mergeCommitSha: string | null;
      headSha: string;
    }
  | { type: 'installation'; action: string; installationId: number; accountLogin: string; accountType: string; repositoryIds: string[] }
  | { type: 'member'; repositoryId: string; action: string; login: string }
  | { type: 'checks'; repositoryId: string; headSha: string }
  | { type: 'repository'; repositoryId: string; action: string; fullName: string }
  | { type: 'other'; name: string }
);

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
