import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { RepositoryHostView } from '#shared/contracts/repositories.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Tx } from '#server/db/client.js';
import { uniqueViolation } from '#server/db/errors.js';
import { projects } from '#server/db/schema/projects.js';
import { githubSignInStates, repositoryAccounts } from '#server/db/schema/repositories.js';
import { repositoryAccess } from '#server/db/schema/repository-deals.js';
import type { UserRow } from '#server/db/schema/users.js';
import type { GithubConfig } from '#server/integrations/repositories/github-client.js';
import { exchangeGithubCode, githubAuthorizeUrl, type GithubUserToken } from '#server/integrations/repositories/github-oauth.js';
import { encryptToken } from '#server/integrations/repositories/token-crypto.js';
import { enqueueAccessSync } from './repository-access.js';

/**
 * Linking a person's GitHub account (decision 054): an owner to list and connect repositories, a
 * finisher to be invited to the deal's repository. The state handed to GitHub is random, stored as
 * its sha256 with the session that asked for it, and deleted by the callback that reads it: good
 * once, for this session only, for ten minutes.
 */

const STATE_TTL_MS = 10 * 60_000;
const DEFAULT_RETURN_TO = '/dashboard';
const LINKED_ELSEWHERE = 'This GitHub account is already linked to another Finishline account. Sign in to GitHub as someone else, or unlink it there first.';
const STALE_STATE = 'This GitHub sign-in was not started from this session, was used already or has expired. Link GitHub again.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function githubConfigOf(ctx: AppContext): GithubConfig {
  if (!ctx.config.github) throw new AppError('NOT_FOUND', 'GitHub is not set up on this server: repositories live on its built-in sandbox host');
  return ctx.config.github;
}

/** GET /api/repositories/host: the host, and the person's linked GitHub login (none on the sandbox host). */
export async function findRepositoryHostView(ctx: AppContext, actor: UserRow): Promise<RepositoryHostView> {
  if (!ctx.config.github) return { provider: 'sandbox', githubLogin: null };
  const [account] = await ctx.db
    .select({ login: repositoryAccounts.login })
    .from(repositoryAccounts)
    .where(and(eq(repositoryAccounts.userId, actor.id), eq(repositoryAccounts.provider, 'github')))
    .limit(1);
  return { provider: 'github', githubLogin: account?.login ?? null };
}

/** GET /api/github/authorize: a fresh state for this session, and GitHub's authorize URL carrying it. */
export async function startGithubSignIn(ctx: AppContext, actor: UserRow, sessionToken: string, returnTo: string | undefined): Promise<string> {
  const github = githubConfigOf(ctx);
  const state = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // This person's abandoned attempts go while we are here.
    await tx.delete(githubSignInStates).where(and(eq(githubSignInStates.userId, actor.id), lt(githubSignInStates.expiresAt, now)));
    await tx.insert(githubSignInStates).values({
      stateHash: sha256(state),
      userId: actor.id,
      sessionHash: sha256(sessionToken),
      returnTo: returnTo ?? DEFAULT_RETURN_TO,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
  });
  return githubAuthorizeUrl(github, state);
}

/** The code for the person's token; a code GitHub refuses (used, expired, forged) is the caller's to redo. */
async function exchangeCode(github: GithubConfig, code: string): Promise<GithubUserToken> {
  try {
    return await exchangeGithubCode(github, code);
  } catch (error) {
    if (error instanceof Error && /bad_verification_code|expired/i.test(error.message))
      throw new AppError('FORBIDDEN', 'GitHub did not accept this sign-in. Link GitHub again.');
    throw new AppError('SERVICE_UNAVAILABLE', 'GitHub could not be reached. Please try again later.');
  }
}

/**
 * GET /api/github/callback: the state is taken (deleted) first, whatever follows, so it cannot be
 * replayed; then the code is exchanged outside any transaction (a network call), and in one
 * transaction the account is stored with its tokens encrypted and the deals this person works on
 * ask again for push access. Answers where to send the person back.
 */
export async function finishGithubSignIn(
  ctx: AppContext,
  actor: UserRow,
  sessionToken: string,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<string> {
  const github = githubConfigOf(ctx);
  if (!query.state) throw new AppError('FORBIDDEN', STALE_STATE);
  const [taken] = await ctx.db
    .delete(githubSignInStates)
    .where(eq(githubSignInStates.stateHash, sha256(query.state)))
    .returning();
  if (!taken || taken.userId !== actor.id || taken.sessionHash !== sha256(sessionToken) || taken.expiresAt <= ctx.clock.now()) {
    throw new AppError('FORBIDDEN', STALE_STATE);
  }
  // The person declined on GitHub's page: nothing is linked, and they go back where they were.
  if (query.error || !query.code) return taken.returnTo;
  const signedIn = await exchangeCode(github, query.code);
  try {
    await ctx.db.transaction(async (tx) => {
      const [holder] = await tx
        .select({ userId: repositoryAccounts.userId })
        .from(repositoryAccounts)
        .where(and(eq(repositoryAccounts.provider, 'github'), eq(repositoryAccounts.externalId, String(signedIn.id))))
        .limit(1);
      if (holder && holder.userId !== actor.id) throw new AppError('CONFLICT', LINKED_ELSEWHERE);
      const account = {
        externalId: String(signedIn.id),
        login: signedIn.login,
        tokenEnc: encryptToken(github.clientSecret, signedIn.token),
        refreshTokenEnc: signedIn.refreshToken === null ? null : encryptToken(github.clientSecret, signedIn.refreshToken),
        tokenExpiresAt: signedIn.expiresAt,
      };
      // One GitHub account per person: linking another replaces the first.
      await tx
        .insert(repositoryAccounts)
        .values({ userId: actor.id, provider: 'github', ...account })
        .onConflictDoUpdate({ target: [repositoryAccounts.userId, repositoryAccounts.provider], set: account });
      await requestAccessAgain(ctx, tx, actor.id);
    });
  } catch (error) {
    // Two people linking the same GitHub account at once: the unique index decides, the loser hears why.
    if (uniqueViolation(error) === 'repository_accounts_external_key') throw new AppError('CONFLICT', LINKED_ELSEWHERE);
    throw error;
  }
  return taken.returnTo;
}

/**
 * The deals this person finishes on a connected repository whose access never started (a finisher
 * with no linked account stays at none, decision 056): each asks the access job again, which reads
 * the deal's stage and grants only where the paid deal runs and the owner wants it.
 */
async function requestAccessAgain(ctx: AppContext, tx: Tx, finisherId: number): Promise<void> {
  const waiting = await tx
    .select({ id: projects.id })
    .from(projects)
    .leftJoin(repositoryAccess, and(eq(repositoryAccess.projectId, projects.id), eq(repositoryAccess.finisherId, finisherId)))
    .where(
      and(
        eq(projects.finisherId, finisherId),
        isNotNull(projects.repositoryId),
        eq(projects.grantRepositoryAccess, true),
        inArray(projects.status, ['in_progress', 'paid', 'completed', 'accepted', 'paused']),
        or(isNull(repositoryAccess.status), eq(repositoryAccess.status, 'none')),
      ),
    );
  for (const project of waiting) await enqueueAccessSync(ctx, tx, project.id, 'github_linked');
}
