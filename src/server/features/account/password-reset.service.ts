import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PasswordResetConfirmInput, PasswordResetRequestInput } from '#shared/contracts/account.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { passwordResetTokens, users } from '#server/db/schema/users.js';
import { hashPassword } from '#server/plugins/passwords.js';
import { deleteUserSessions, hashToken } from '#server/plugins/session-store.js';

export interface ResetRequestMeta {
  ipAddress: string;
}

const invalidLink = () => new AppError('INVALID_RESET_TOKEN', 'This password reset link is invalid or has expired. Please request a new one.');

/**
 * Emails a reset link when an account has this address, and does nothing visible otherwise: the
 * caller answers the same either way. Only the token's SHA-256 is stored, and a new request
 * replaces the user's previous token, so only the latest link works.
 */
export async function requestPasswordReset(ctx: AppContext, input: PasswordResetRequestInput, meta: ResetRequestMeta): Promise<void> {
  await ctx.rateLimits.passwordResetsByAddress.consume(meta.ipAddress);
  await ctx.rateLimits.passwordResetsByEmail.consume(input.email);
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email))
    .limit(1);
  if (!user) return;

  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const row = { tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + ctx.config.passwordReset.tokenTtlMs) };
  await ctx.db
    .insert(passwordResetTokens)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: row });

  const link = new URL('/reset-password', ctx.config.linkOrigin);
  link.searchParams.set('token', token);
  const minutes = Math.round(ctx.config.passwordReset.tokenTtlMs / 60_000);
  // Not awaited: an SMTP round trip only for existing accounts would tell them apart by timing.
  void ctx.mailer
    .send({
      to: user.email,
      subject: 'Reset your Finishline password',
      text: [
        'Someone, hopefully you, asked to reset the password of your Finishline account.',
        `Open this link within ${minutes} minutes to choose a new password:`,
        '',
        link.toString(),
        '',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: error, userId: user.id }, 'password reset email could not be sent'));
}

/**
 * Sets a new password from an emailed token. The token is deleted in the same transaction as the
 * password changes, so it works once; every session of the user ends, since whoever held the old
 * password may hold one of them.
 */
export async function confirmPasswordReset(ctx: AppContext, input: PasswordResetConfirmInput, meta: ResetRequestMeta): Promise<void> {
  const tokenHash = hashToken(input.token);
  // Checked before hashing the new password, so made-up tokens cost no argon2 time.
  const [pending] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1);
  if (!pending || pending.expiresAt.getTime() <= Date.now()) throw invalidLink();

  const passwordHash = await hashPassword(input.password);
  const email = await ctx.db.transaction(async (tx) => {
    // Deleting is the claim: of two requests racing with one token, only one gets the row back.
    const [claimed] = await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).returning();
    if (!claimed) throw invalidLink();
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId)).returning({ email: users.email });
    await deleteUserSessions(tx, claimed.userId);
    return user!.email;
  });
  // Whoever proved they own the mailbox may log in at once, even if the account was locked by failed guesses.
  await ctx.loginLimiter.recordPasswordReset(email.toLowerCase(), meta.ipAddress);
}
