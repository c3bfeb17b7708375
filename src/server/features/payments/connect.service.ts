import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '#server/app-error.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { settleWaitingPayouts } from './payment-settlement.js';

function assertOwnFinisherAccount(actor: UserRow, userId: number | undefined) {
  if (userId !== undefined) requireAccess(actor, 'manageOwnPayoutAccount', userId);
  requireAccess(actor, 'setUpPayouts', null);
}

/** Creates the finisher's connected account on first use and answers a fresh onboarding link. */
export async function createConnectOnboarding(ctx: AppContext, actor: UserRow, userId: number | undefined, origin: string): Promise<{ url: string }> {
  assertOwnFinisherAccount(actor, userId);
  // Money goes only to someone who proved their address (decision 036); everything else works unverified.
  if (!actor.emailVerifiedAt) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Please confirm your email address before setting up payouts: open the link we emailed you, or send a new one from your profile.',
    );
  }
  let accountId = actor.stripeConnectAccountId;
  if (!accountId) {
    // The key makes a double click create one account, not two.
    const account = await ctx.payments.createConnectedAccount({ userId: actor.id, email: actor.email, idempotencyKey: `connect_account_user_${actor.id}` });
    const [updated] = await ctx.db
      .update(users)
      .set({ stripeConnectAccountId: account.id })
      .where(and(eq(users.id, actor.id), isNull(users.stripeConnectAccountId)))
      .returning({ accountId: users.stripeConnectAccountId });
    accountId = updated?.accountId ?? account.id;
  }
  return ctx.payments.createOnboardingLink({
    accountId,
    refreshUrl: `${origin}/onboarding-redirect?outcome=refresh`,
    returnUrl: `${origin}/onboarding-redirect?outcome=success`,
  });
}

/** Asks the provider whether onboarding is done; a newly finished onboarding releases waiting payouts. */
export async function checkOnboardingStatus(
  ctx: AppContext,
  actor: UserRow,
  userId: number | undefined,
): Promise<{ isComplete: boolean; accountId: string | null }> {
  assertOwnFinisherAccount(actor, userId);
  const accountId = actor.stripeConnectAccountId;
  if (!accountId) return { isComplete: false, accountId: null };
  const account = await ctx.payments.retrieveAccount(accountId);
  if (account.isOnboarded) {
    if (!actor.onboardingComplete) await ctx.db.update(users).set({ onboardingComplete: true }).where(eq(users.id, actor.id));
    await settleWaitingPayouts(ctx, actor.id);
  }
  return { isComplete: account.isOnboarded || actor.onboardingComplete, accountId };
}
