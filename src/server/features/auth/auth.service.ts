import { eq, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput } from '#shared/contracts/auth.js';
import { toCanonicalRole } from '#shared/domain/roles.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { explainIdentityTaken, mailVerificationLink, storeVerificationToken } from '#server/features/profile/profile.service.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { hashPassword, spendVerifyTime, verifyPassword } from '#server/plugins/passwords.js';
import { createSession, deleteSession } from '#server/plugins/session-store.js';
import { withEffectiveRole } from '#server/plugins/session.js';

export interface ClientMeta {
  ipAddress: string;
  userAgent?: string;
  /** The session cookie the browser already had, replaced at sign-in. */
  previousToken?: string | null;
}

export interface SignedIn {
  user: UserRow;
  token: string;
  expiresAt: Date;
}

async function startSession(ctx: AppContext, db: DbOrTx, user: UserRow, meta: ClientMeta): Promise<SignedIn> {
  // A new token at every sign-in: a token planted before login is worth nothing after it.
  if (meta.previousToken) await deleteSession(db, meta.previousToken);
  const session = await createSession(db, ctx.config, user.id, meta);
  // Login and registration answer with the role the session will act with.
  return { user: withEffectiveRole(user, ctx.config.operatorEmails), ...session };
}

export async function registerUser(ctx: AppContext, input: RegisterInput, meta: ClientMeta): Promise<SignedIn> {
  // Before the hash: an address past its limit should not cost an argon2 computation.
  await ctx.rateLimits.registrations.consume(meta.ipAddress);
  const passwordHash = await hashPassword(input.password);
  // The account, its first session and its confirmation link together: never an account its
  // creator was not signed in to.
  const signedIn = await ctx.db.transaction(async (tx) => {
    let user: UserRow | undefined;
    try {
      [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          role: toCanonicalRole(input.role),
          ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        })
        .returning();
    } catch (error) {
      throw explainIdentityTaken(error);
    }
    if (!user) throw new Error('insert returned no row');
    const verificationToken = await storeVerificationToken(ctx, tx, user.id, user.email);
    return { ...(await startSession(ctx, tx, user, meta)), verificationToken };
  });
  // After commit: the address is proved only by opening this link (decision 036).
  const { verificationToken, ...session } = signedIn;
  mailVerificationLink(ctx, session.user, session.user.email, verificationToken, 'new-account');
  return session;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');

export async function logIn(ctx: AppContext, input: LoginInput, meta: ClientMeta): Promise<SignedIn> {
  await ctx.loginLimiter.assertAllowed(input.email, meta.ipAddress);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email))
    .limit(1);
  // An unknown email and a wrong password get the same answer in the same time.
  const isValid = user ? await verifyPassword(user.passwordHash, input.password) : (await spendVerifyTime(input.password), false);
  if (!user || !isValid) {
    await ctx.loginLimiter.recordFailure(input.email, meta.ipAddress);
    throw invalidCredentials();
  }
  await ctx.loginLimiter.recordSuccess(input.email, meta.ipAddress);
  return startSession(ctx, ctx.db, user, meta);
}

export async function logOut(ctx: AppContext, token: string | null): Promise<void> {
  if (token) await deleteSession(ctx.db, token);
}
