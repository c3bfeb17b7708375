import { inArray, sql } from 'drizzle-orm';
import type { EmailCategoryDefinition } from '#shared/domain/email-categories.js';
import type { DbOrTx } from '#server/db/client.js';
import { emailPreferences } from '#server/db/schema/email.js';

/** A person's choices: category id -> on/off, only for the categories they chose. */
export type MailChoices = Record<string, boolean>;

/** Whether a person with these choices gets mail of this category. */
export function wantsMail(category: EmailCategoryDefinition, choices: MailChoices | undefined): boolean {
  if (!category.canTurnOff) return true;
  return choices?.[category.id] ?? category.isOnByDefault;
}

/** What a person gets of each category they can turn off: their choice, else the default. */
export function preferencesFrom(categories: readonly EmailCategoryDefinition[], choices: MailChoices | undefined): Record<string, boolean> {
  return Object.fromEntries(categories.filter((c) => c.canTurnOff).map((c) => [c.id, wantsMail(c, choices)]));
}

/** The stored choices of each user (an empty object for those who never chose). */
export async function readMailChoices(db: DbOrTx, userIds: number[]): Promise<Map<number, MailChoices>> {
  const rows = userIds.length
    ? await db
        .select({ userId: emailPreferences.userId, choices: emailPreferences.choices })
        .from(emailPreferences)
        .where(inArray(emailPreferences.userId, userIds))
    : [];
  return new Map(userIds.map((id) => [id, rows.find((row) => row.userId === id)?.choices ?? {}]));
}

/** The deal's categories that were columns before decision 044: still written for one release, so a rollback keeps them. */
const legacyColumnIds = new Set(['bidUpdates', 'dealUpdates', 'reminders']);

function legacyValues(changes: MailChoices): { bidUpdates?: boolean; dealUpdates?: boolean; reminders?: boolean } {
  return Object.fromEntries(Object.entries(changes).filter(([id]) => legacyColumnIds.has(id)));
}

/**
 * Merges the given choices into the stored ones in one upsert (`choices || changes`), so two tabs
 * changing different boxes do not undo each other. Answers every stored choice.
 */
export async function saveMailChoices(db: DbOrTx, userId: number, changes: MailChoices): Promise<MailChoices> {
  const legacy = legacyValues(changes);
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, choices: changes, ...legacy })
    .onConflictDoUpdate({
      target: emailPreferences.userId,
      set: { choices: sql`${emailPreferences.choices} || ${JSON.stringify(changes)}::jsonb`, ...legacy, updatedAt: new Date() },
    })
    .returning({ choices: emailPreferences.choices });
  return row!.choices;
}
