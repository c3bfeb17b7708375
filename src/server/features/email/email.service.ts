import { eq } from 'drizzle-orm';
import type { EmailCategoryInfo, EmailPreferences, SetEmailChoiceInput, UnsubscribeResult, UpdateEmailPreferencesInput } from '#shared/contracts/email.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import { preferencesFrom, readMailChoices, saveMailChoices } from '#server/mail/mail-preferences.js';
import { verifyUnsubscribeToken } from '#server/mail/unsubscribe-token.js';

/** What the email services use of the app context. */
export type EmailContext = Pick<AppContext, 'db' | 'config' | 'mail'>;

/** Every category the features registered with the composer, in their order. */
export function listEmailCategories(ctx: EmailContext): EmailCategoryInfo[] {
  return ctx.mail.categories.list().map(({ id, label, description, isOnByDefault, canTurnOff }) => ({ id, label, description, isOnByDefault, canTurnOff }));
}

async function preferencesOf(ctx: EmailContext, userId: number): Promise<EmailPreferences> {
  const choices = (await readMailChoices(ctx.db, [userId])).get(userId);
  return preferencesFrom(ctx.mail.categories.list(), choices);
}

export async function getEmailPreferences(ctx: EmailContext, actor: UserRow, userId: number): Promise<EmailPreferences> {
  requireAccess(actor, 'manageOwnEmailPreferences', userId);
  return preferencesOf(ctx, actor.id);
}

/** Writes the given deal categories (one upsert that merges, so two tabs changing different boxes do not undo each other). */
export async function updateEmailPreferences(ctx: EmailContext, actor: UserRow, userId: number, input: UpdateEmailPreferencesInput): Promise<EmailPreferences> {
  requireAccess(actor, 'manageOwnEmailPreferences', userId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Record<string, boolean>;
  if (Object.keys(changes).length === 0) return preferencesOf(ctx, actor.id);
  return preferencesFrom(ctx.mail.categories.list(), await saveMailChoices(ctx.db, actor.id, changes));
}

/** Turns one category of any feature on or off. */
export async function setEmailChoice(ctx: EmailContext, actor: UserRow, userId: number, input: SetEmailChoiceInput): Promise<EmailPreferences> {
  requireAccess(actor, 'manageOwnEmailPreferences', userId);
  const category = ctx.mail.categories.get(input.category);
  if (!category) throw new AppError('VALIDATION_FAILED', `Unknown email category: ${input.category}`);
  // Account and security mail is registered, and always goes out.
  if (!category.canTurnOff) throw new AppError('VALIDATION_FAILED', `${category.label} emails cannot be turned off`);
  return preferencesFrom(ctx.mail.categories.list(), await saveMailChoices(ctx.db, actor.id, { [category.id]: input.isOn }));
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
  // A category no longer registered, or one that cannot be turned off, has nothing to turn off.
  const category = ctx.mail.categories.get(verified.category);
  if (!category?.canTurnOff) throw invalidToken();
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, verified.userId));
  if (!user) throw invalidToken();
  await saveMailChoices(ctx.db, user.id, { [category.id]: false });
  return { category: category.id, message: `${category.label} emails are turned off.` };
}
