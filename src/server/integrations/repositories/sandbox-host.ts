import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#server/app-error.js';
import type { Db } from '#server/db/client.js';
import { projects } from '#server/db/schema/projects.js';
import { type RepositoryRow, repositories } from '#server/db/schema/repositories.js';
import { repositoryAccess } from '#server/db/schema/repository-deals.js';
import { gitText, runGit } from './git-cli.js';
import { gitServiceOf, serveGitHttp } from './git-http-backend.js';
import type { HostRepository, RepositoryHost, RepositoryRef } from './repository-host.js';
import { checkSandboxGit } from './sandbox-git-version.js';
import { type DeliverRepositoryEvent, pushPayload, signDelivery, verifySandboxDelivery } from './sandbox-events.js';
import { createSandboxPulls, type SandboxPulls } from './sandbox-pulls.js';
import { openBareSnapshot } from './sandbox-snapshot.js';
import { createSandboxTokens, type SandboxUser } from './sandbox-tokens.js';
import { createBareRepository, findSandboxRepository } from './sandbox-repository.js';

/**
 * The built-in git host (docs/decisions/054-repository-hosts.md, "Sandbox host"): bare repositories
 * under DATA_DIR/git/repositories/<id>.git, served over git's smart HTTP, with pull requests, checks
 * and merges kept in the database. Its events are GitHub-shaped and signed, and go to the same
 * webhook handler GitHub's do.
 */
export type { SandboxUser } from './sandbox-tokens.js';

export interface SandboxGitHost extends RepositoryHost, SandboxPulls {
  readonly provider: 'sandbox';
  readonly webhookProvider: 'sandbox-git';
  readonly webhookSecret: string;
  /** Why the host cannot run (git missing or older than 2.38), or null when it can. */
  unavailableReason(): Promise<string | null>;
  createRepository(owner: SandboxUser, name: string, isPrivate: boolean): Promise<RepositoryRow>;
  /** A new personal token for git over HTTP; shown once, only its sha256 is kept. */
  createToken(userId: number): Promise<{ username: string; token: string }>;
  /** The user of a `Basic username:token` header, or null. */
  authenticate(authorization: string | undefined): Promise<SandboxUser | null>;
  findByName(owner: string, name: string): Promise<RepositoryRow | null>;
  findById(id: number): Promise<RepositoryRow | null>;
  canRead(user: SandboxUser | null, repository: RepositoryRow): Promise<boolean>;
  canPush(user: SandboxUser | null, repository: RepositoryRow): Promise<boolean>;
  /** Answers one smart-HTTP request (authorized by the caller) and emits a push event per moved branch. */
  serveGit(request: {
    req: IncomingMessage;
    res: ServerResponse;
    repository: RepositoryRow;
    user: SandboxUser | null;
    rest: string;
    queryString: string;
  }): Promise<void>;
  gitDirOf(repositoryId: number): string;
}

export interface SandboxHostOptions {
  db: Db;
  dataDir: string;
  /** The origin clone URLs start with. */
  publicUrl: string;
  webhookSecret: string;
  deliver: DeliverRepositoryEvent;
  /** receive.maxInputSize and http-backend's request buffer, e.g. '200m'. */
  maxPushSize?: string;
  log?: { warn(object: unknown, message?: string): void; error(object: unknown, message?: string): void };
}

export function createSandboxHost(options: SandboxHostOptions): SandboxGitHost {
  const { db, webhookSecret } = options;
  const projectRoot = path.join(options.dataDir, 'git', 'repositories');
  const maxPushSize = options.maxPushSize ?? '200m';
  const gitDirOf = (id: number) => path.join(projectRoot, `${id}.git`);
  // Checked on first use, not as the host is made: spawning git twice cost a cold start about
  // 150 ms of CPU on a slow machine (issue 33), and most starts never touch a repository.
  let check: Promise<string | null> | undefined;
  const checkGit = () =>
    (check ??= checkSandboxGit().then((reason) => {
      if (reason) options.log?.warn({ reason }, 'the sandbox git host is unavailable');
      return reason;
    }));
  const ready = async () => {
    const reason = await checkGit();
    if (reason) throw new AppError('SERVICE_UNAVAILABLE', `The sandbox git host is unavailable: ${reason}`);
  };
  const deliver = async (event: string, payload: unknown) => {
    try {
      await options.deliver(await signDelivery(webhookSecret, event, payload));
    } catch (error) {
      options.log?.error({ err: error, event }, 'delivering a sandbox git event failed');
    }
  };
  const toHost = (row: RepositoryRow): HostRepository => ({
    externalId: row.externalId,
    fullName: row.fullName,
    url: row.url,
    cloneUrl: row.cloneUrl,
    isPrivate: row.isPrivate,
    defaultBranch: row.defaultBranch,
    installationId: null,
  });
  const rowOf = (ref: Pick<RepositoryRef, 'externalId'>) => findSandboxRepository(db, ref.externalId);
  const branchHeads = async (gitDir: string) => {
    const out = await gitText(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads'], { gitDir });
    return new Map(out ? out.split('\n').map((line) => [line.slice(41), line.slice(0, 40)] as const) : []);
  };
  const isGrantedFinisher = async (userId: number, repositoryId: number) => {
    const [row] = await db
      .select({ id: repositoryAccess.id })
      .from(repositoryAccess)
      .innerJoin(projects, eq(projects.id, repositoryAccess.projectId))
      .where(
        and(
          eq(repositoryAccess.repositoryId, repositoryId),
          eq(projects.repositoryId, repositoryId),
          eq(repositoryAccess.finisherId, userId),
          eq(repositoryAccess.status, 'granted'),
        ),
      )
      .limit(1);
    return row !== undefined;
  };
  const canPush = async (user: SandboxUser | null, repository: RepositoryRow) =>
    user !== null && (repository.ownerUserId === user.id || (await isGrantedFinisher(user.id, repository.id)));
  const pulls = createSandboxPulls({ db, gitDirOf, ready, deliver });
  const tokens = createSandboxTokens(db);

  return {
    provider: 'sandbox',
    webhookProvider: 'sandbox-git',
    webhookSecret,
    ...pulls,
    gitDirOf,
    unavailableReason: checkGit,

    async createRepository(owner, name, isPrivate) {
      await ready();
      return createBareRepository(db, { projectRoot, gitDir: gitDirOf, publicUrl: options.publicUrl, maxPushSize }, owner, name, isPrivate);
    },

    ...tokens,

    async findByName(owner, name) {
      const [row] = await db
        .select()
        .from(repositories)
        .where(and(eq(repositories.provider, 'sandbox'), sql`lower(${repositories.fullName}) = lower(${`${owner}/${name}`})`))
        .limit(1);
      return row ?? null;
    },

    async findById(id) {
      const [row] = await db
        .select()
        .from(repositories)
        .where(and(eq(repositories.id, id), eq(repositories.provider, 'sandbox')))
        .limit(1);
      return row ?? null;
    },

    async canRead(user, repository) {
      return !repository.isPrivate || (await canPush(user, repository));
    },
    canPush,

    async serveGit({ req, res, repository, user, rest, queryString }) {
      await ready();
      const gitDir = gitDirOf(repository.id);
      const isPush = req.method === 'POST' && gitServiceOf('POST', rest, queryString) === 'git-receive-pack';
      const before = isPush ? await branchHeads(gitDir) : null;
      await serveGitHttp({
        req,
        res,
        projectRoot,
        pathInfo: `/${repository.id}.git/${rest}`,
        remoteUser: user?.username ?? '',
        queryString,
        maxRequestBuffer: maxPushSize,
        onFailure: (stderr) => options.log?.warn({ stderr, repositoryId: repository.id }, 'git http-backend failed'),
      });
      if (!before) return;
      const after = await branchHeads(gitDir);
      const zero = '0'.repeat(40);
      for (const [ref, sha] of after) {
        if (before.get(ref) === sha) continue;
        if (ref === `refs/heads/${repository.defaultBranch}`)
          await db.update(repositories).set({ headSha: sha, updatedAt: new Date() }).where(eq(repositories.id, repository.id));
        await deliver('push', pushPayload(repository, { ref, before: before.get(ref) ?? zero, after: sha }, user?.username ?? ''));
      }
    },

    async listConnectable(user) {
      const rows = await db
        .select()
        .from(repositories)
        .where(and(eq(repositories.provider, 'sandbox'), eq(repositories.ownerUserId, user.userId), isNull(repositories.goneAt)))
        .orderBy(repositories.fullName);
      return rows.map(toHost);
    },

    async verifyAdmin(user, externalId) {
      const row = await rowOf({ externalId });
      return row && row.ownerUserId === user.userId && !row.goneAt ? toHost(row) : null;
    },

    async getRepository(ref) {
      const row = await rowOf(ref);
      return row && existsSync(gitDirOf(row.id)) ? toHost(row) : 'gone';
    },

    async resolveBranch(ref, branch) {
      await ready();
      const row = await rowOf(ref);
      if (!row || !existsSync(gitDirOf(row.id))) return 'gone';
      const found = await runGit(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], { gitDir: gitDirOf(row.id), okCodes: [0, 1, 128] });
      return found.code === 0 ? { sha: found.stdout.toString('utf8').trim() } : 'no_branch';
    },

    async openSnapshot(ref, commit, signal) {
      await ready();
      const row = await rowOf(ref);
      if (!row || !existsSync(gitDirOf(row.id))) return 'gone';
      return openBareSnapshot(gitDirOf(row.id), commit, signal);
    },

    // Access on the sandbox is read from repository_access on every request (canPush): nothing to change on disk.
    grantPush: async () => ({ status: 'granted' }),
    revokePush: async () => ({ withdrewInvitation: false }),

    verifyWebhook: (rawBody, headers) => verifySandboxDelivery(webhookSecret, rawBody, headers),
  };
}

/** Whether a host is the sandbox git host (its own operations: repositories, tokens, pulls, git over HTTP). */
export const isSandboxGitHost = (host: RepositoryHost): host is SandboxGitHost =>
  host.provider === 'sandbox' && typeof (host as Partial<SandboxGitHost>).serveGit === 'function';
