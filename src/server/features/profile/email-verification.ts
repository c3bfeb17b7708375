import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { EmailVerificationConfirmInput, EmailVerificationConfirmed, EmailVerificationSent } from '#shared/contracts/account.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { emailVerificationTokens, passwordResetTokens, type UserRow, users } from '#server/db/schema/users.js';
import { hashToken } from '#server/plugins/session-store.js';
import { explainIdentityTaken } from './identity.js';

/** What sending a confirmation link needs of the app. */
export type VerificationMailContext = Pick<AppContext, 'config' | 'clock' | 'mailer' | 'log'>;

/** Why a confirmation link is sent: the words of its mail differ. */
type LinkReason = 'new-account' | 'resend' | 'new-address';

const invalidLink = () =>
  new AppError('INVALID_VERIFICATION_TOKEN', 'This confirmation link is invalid, was already used or has expired. Please request a new one from your profile.');

/** "2 days", "36 hours": how long a link works, as its mail says it. */
function describeWindow(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'}`;
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Stores a new confirmation token for `email` (the account's own address, or its pending new one)
 * and answers the token to mail. One row per user: a newer link voids the older one. Only the
 * token's SHA-256 is stored, like password reset tokens (decision 016).
 */
export async function storeVerificationToken(ctx: VerificationMailContext, db: DbOrTx, userId: number, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const row = { tokenHash: hashToken(token), email, createdAt: now, expiresAt: new Date(now.getTime() + ctx.config.emailVerification.windowMs) };
  await db
    .insert(emailVerificationTokens)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: emailVerificationTokens.userId, set: row });
  return token;
}

/**
 * Mails the confirmation link. Not awaited by callers' answers: an SMTP round trip should not
 * hold up a registration, and a lost mail is a resend away.
 */
export function mailVerificationLink(
  ctx: VerificationMailContext,
  user: Pick<UserRow, 'id' | 'username'>,
  to: string,
  token: string,
  reason: LinkReason,
): void {
  const link = new URL('/verify-email', ctx.config.linkOrigin);
  link.searchParams.set('token', token);
  const intro = {
    'new-account': `Welcome to Finishline, ${user.username}! Please confirm that this is your email address.`,
    resend: `Hi ${user.username}, please confirm that this is your email address.`,
    'new-address': `Hi ${user.username}, you asked to use this address for your Finishline account. It replaces the old one once you confirm it.`,
  }[reason];
  void ctx.mailer
    .send({
      to,
      subject: reason === 'new-address' ? 'Confirm your new Finishline email address' : 'Confirm your Finishline email address',
      text: [
        intro,
        `Open this link within ${describeWindow(ctx.config.emailVerification.windowMs)} to confirm it:`,
        '',
        link.toString(),
        '',
        'You need a confirmed address to receive payouts. If you did not ask for this, ignore this email.',
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: error, userId: user.id }, 'email confirmation link could not be sent'));
}

/** Tells the current address that someone asked to move the account to another one. */
function mailAddressChangeNotice(ctx: VerificationMailContext, user: Pick<UserRow, 'id' | 'username' | 'email'>, newEmail: string): void {
  void ctx.mailer
    .send({
      to: user.email,
      subject: 'Your Finishline email address is about to change',
      text: [
        `Hi ${user.username}, someone signed in to your Finishline account asked to change its email address to ${newEmail}.`,
        'This address stays the account’s address until the new one is confirmed from the link we sent there.',
        '',
        'If this was not you, change your password from your profile and set your email back to this address.',
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: error, userId: user.id }, 'email change notice could not be sent'));
}

/** What a profile update asks of the email: nothing, forget the pending change, or confirm a new address. */
export type EmailChange = { kind: 'none' } | { kind: 'cancel' } | { kind: 'request'; email: string };

/** Reads the profile update's email (already trimmed and lower-cased by its contract) against the account. */
export function planEmailChange(actor: UserRow, requested: string | undefined): EmailChange {
  if (requested === undefined) return { kind: 'none' };
  if (requested === actor.email.toLowerCase()) return actor.pendingEmail ? { kind: 'cancel' } : { kind: 'none' };
  if (requested === actor.pendingEmail?.toLowerCase()) return { kind: 'none' };
  return { kind: 'request', email: requested };
}

/** Refuses an address another account already has (before any mail goes to it). */
export async function assertEmailFree(db: DbOrTx, email: string, userId: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)))
    .limit(1);
  if (taken) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
}

/** Writes the email part of a profile update in its transaction; answers the token to mail for a new address. */
export async function applyEmailChange(ctx: VerificationMailContext, tx: DbOrTx, userId: number, change: EmailChange): Promise<string | null> {
  if (change.kind === 'none') return null;
  if (change.kind === 'cancel') {
    await tx.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    return null;
  }
  await tx.update(users).set({ pendingEmail: change.email }).where(eq(users.id, userId));
  return storeVerificationToken(ctx, tx, userId, change.email);
}

/** After the profile update committed: the link to the new address, and a notice to the old one. */
export function mailEmailChange(ctx: VerificationMailContext, before: UserRow, newEmail: string, token: string): void {
  mailVerificationLink(ctx, before, newEmail, token, 'new-address');
  mailAddressChangeNotice(ctx, before, newEmail);
}

/**
 * Resend: a new link to the pending new address, or to the account's own unconfirmed one. Limited
 * per account (not per client address, which a signed-in user can change at will).
 */
export async function resendEmailVerification(ctx: AppContext, actor: UserRow): Promise<EmailVerificationSent> {
  const to = actor.pendingEmail ?? (actor.emailVerifiedAt ? null : actor.email);
  if (!to) throw new AppError('CONFLICT', 'Your email address is already confirmed.');
  await ctx.rateLimits.emailVerifications.consume(actor.id);
  const token = await storeVerificationToken(ctx, ctx.db, actor.id, to);
  mailVerificationLink(ctx, actor, to, token, actor.pendingEmail ? 'new-address' : 'resend');
  return { message: `We sent a confirmation link to ${to}.`, email: to };
}

/**
 * Opens a link: the address it was sent to is proved. For the account's own address that marks
 * it verified; for a pending new address it becomes the account's address, verified. Deleting the
 * row is the claim (of two racing requests one gets it), so a link works once. Unknown, used,
 * superseded and expired links get the same answer. No sign-in needed: the token is the proof,
 * and people open the mail on another device.
 */
export async function confirmEmailVerification(ctx: AppContext, input: EmailVerificationConfirmInput): Promise<EmailVerificationConfirmed> {
  const tokenHash = hashToken(input.token);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash)).returning();
    // Throwing rolls the delete back: an expired row stays until a new link replaces it.
    if (!claimed || claimed.expiresAt.getTime() <= now.getTime()) throw invalidLink();
    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId)).for('update');
    if (!user) throw invalidLink();
    const address = claimed.email.toLowerCase();
    if (address === user.email.toLowerCase()) {
      if (!user.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
      return { message: 'Your email address is confirmed.', email: user.email };
    }
    if (address !== user.pendingEmail?.toLowerCase()) throw invalidLink();
    try {
      await tx.update(users).set({ email: address, pendingEmail: null, emailVerifiedAt: now }).where(eq(users.id, user.id));
    } catch (error) {
      throw explainIdentityTaken(error);
    }
    // A reset link still waiting was mailed to the old address, which no longer is the account's.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    return { message: `Your email address is now ${address}.`, email: address };
  });
}
