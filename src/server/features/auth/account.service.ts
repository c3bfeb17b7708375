import { eq } from 'drizzle-orm';
import type { ChangePasswordInput } from '#shared/contracts/account.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { passwordResetTokens, type UserRow, users } from '#server/db/schema/users.js';
import { hashPassword, verifyPassword } from './password.js';
import { deleteUserSessions } from './sessions.service.js';

export interface SignedInMeta {
  ipAddress: string;
  /** The session the change is made from; it stays signed in. */
  sessionToken: string;
}

/**
 * Changes the password after re-checking the current one. Wrong guesses count as failed logins,
 * so a borrowed session cannot be used to guess the password any faster than the login form.
 * Every other session ends, and so does any pending reset link.
 */
export async function changePassword(ctx: AppContext, user: UserRow, input: ChangePasswordInput, meta: SignedInMeta): Promise<{ revoked: number }> {
  const account = user.email.toLowerCase();
  await ctx.loginLimiter.assertAllowed(account, meta.ipAddress);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await ctx.loginLimiter.recordFailure(account, meta.ipAddress);
    throw new AppError('WRONG_PASSWORD', 'Your current password is incorrect');
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError('VALIDATION_FAILED', 'Your new password must be different from your current password');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    return deleteUserSessions(tx, user.id, meta.sessionToken);
  });
  return { revoked };
}
