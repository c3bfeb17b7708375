import { and, desc, eq } from 'drizzle-orm';
import type { ChangePasswordInput, Session, TimeZoneInput } from '#shared/contracts/account.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { Config } from '#server/config.js';
import type { DbOrTx } from '#server/db/client.js';
import { passwordResetTokens, sessions, type UserRow, users } from '#server/db/schema/users.js';
import { hashPassword, verifyPassword } from '#server/plugins/passwords.js';
import { deleteUserSessions, hashToken, isLiveSession } from '#server/plugins/session-store.js';

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

/** Sets the user's own zone (decision 048): the mail they get and the deal's sentences read dates in it. */
export async function changeTimeZone(db: DbOrTx, user: UserRow, input: TimeZoneInput): Promise<{ timeZone: string }> {
  const [row] = await db.update(users).set({ timeZone: input.timeZone }).where(eq(users.id, user.id)).returning({ timeZone: users.timeZone });
  if (!row) throw new AppError('NOT_FOUND', 'Your account was not found');
  return { timeZone: row.timeZone };
}

/** The user's live sessions, most recently used first; `current` marks the one this request came with. */
export async function listSessions(db: DbOrTx, config: Config, userId: number, currentToken: string): Promise<Session[]> {
  const now = Date.now();
  const rows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isLiveSession(config, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const currentHash = hashToken(currentToken);
  return rows.map(({ tokenHash, createdAt, lastSeenAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    lastSeenAt: lastSeenAt.toISOString(),
    current: tokenHash === currentHash,
  }));
}

/**
 * Ends one of the user's own sessions. Another user's session id answers 404 like an unknown
 * one, so ids cannot be probed. Returns whether it was the caller's own current session.
 */
export async function revokeSession(db: DbOrTx, userId: number, sessionId: string, currentToken: string): Promise<{ wasCurrent: boolean }> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  if (!row) throw new AppError('NOT_FOUND', 'Session not found');
  return { wasCurrent: row.tokenHash === hashToken(currentToken) };
}
