import { eq, inArray } from 'drizzle-orm';
import type { EmailPreferences, UnsubscribeResult, UpdateEmailPreferencesInput } from '#shared/contracts/email.js';
import { type EmailCategory, emailCategoryText } from '#shared/domain/email-categories.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { emailPreferences } from '#server/db/schema/email.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

/** What the email services use of the app context. */
export type EmailContext = Pick<AppContext, 'db' | 'config'>;

/** A user without a row gets every kind of deal mail. */
const allOn: EmailPreferences = { bidUpdates: true, dealUpdates: true, reminders: true };

const toPreferences = (row: EmailPreferences | undefined): EmailPreferences =>
  row ? { bidUpdates: row.bidUpdates, dealUpdates: row.dealUpdates, reminders: row.reminders } : { ...allOn };

/** Each user's preferences, the defaults for those who never chose. */
export async function preferencesOf(db: DbOrTx, userIds: number[]): Promise<Map<number, EmailPreferences>> {
  const rows = userIds.length ? await db.select().from(emailPreferences).where(inArray(emailPreferences.userId, userIds)) : [];
  return new Map(userIds.map((id) => [id, toPreferences(rows.find((row) => row.userId === id))]));
}

export async function getEmailPreferences(ctx: EmailContext, actor: UserRow, userId: number): Promise<EmailPreferences> {
  requireAccess(actor, 'manageOwnEmailPreferences', userId);
  return (await preferencesOf(ctx.db, [actor.id])).get(actor.id)!;
}

/** Writes the given categories (one upsert, so two tabs changing different boxes do not undo each other). */
async function savePreferences(db: DbOrTx, userId: number, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
  const set = { ...changes, updatedAt: new Date() };
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, ...allOn, ...changes })
    .onConflictDoUpdate({ target: emailPreferences.userId, set })
    .returning();
  return toPreferences(row);
}

export async function updateEmailPreferences(ctx: EmailContext, actor: UserRow, userId: number, input: UpdateEmailPreferencesInput): Promise<EmailPreferences> {
  requireAccess(actor, 'manageOwnEmailPreferences', userId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<EmailPreferences>;
  if (Object.keys(changes).length === 0) return (await preferencesOf(ctx.db, [actor.id])).get(actor.id)!;
  return savePreferences(ctx.db, actor.id, changes);
}

const invalidToken = () =>
  new AppError(
    'INVALID_UNSUBSCRIBE_TOKEN',
    'This unsubscribe link is not valid. Open the link from the email again, or change your email preferences on your profile.',
  );

/** The one-click unsubscribe: the signed token alone decides whose mail and which kind; no session is needed. */
export async function unsubscribeWithToken(ctx: EmailContext, token: string): Promise<UnsubscribeResult> {
  const verified = verifyUnsubscribeToken(ctx.config.emailLinks.secret, token);
  if (!verified) throw invalidToken();
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, verified.userId));
  if (!user) throw invalidToken();
  const category: EmailCategory = verified.category;
  await savePreferences(ctx.db, user.id, { [category]: false });
  return { category, message: `${emailCategoryText[category].label} emails are turned off.` };
}
