/**
 * Kinds of mail (docs/decisions/044-mail-composer.md). Any feature defines its own categories as
 * data and registers them with the server's mail composer; the preferences screen and the
 * unsubscribe page list what the server registered (GET /api/email/categories).
 */
export interface EmailCategoryDefinition {
  /** The key of a person's choice and of unsubscribe tokens: a camelCase word ('dealUpdates'). */
  id: string;
  /** The checkbox label ('Deal updates'); mail footers and the unsubscribe page use it lower-cased. */
  label: string;
  /** What the category covers, as the preferences and the unsubscribe page show it. */
  description: string;
  /** What a person who never chose gets. */
  isOnByDefault: boolean;
  /** False for account and security mail: it always goes out, carries no unsubscribe link, and no preference lists it. */
  canTurnOff: boolean;
}

/** A category id: letters and digits, starting with a lower-case letter, as it travels in a token. */
export const emailCategoryIdPattern = /^[a-z][A-Za-z0-9]{0,39}$/;

export function defineEmailCategory<const Id extends string>(definition: EmailCategoryDefinition & { id: Id }): EmailCategoryDefinition & { id: Id } {
  if (!emailCategoryIdPattern.test(definition.id)) throw new Error(`Email category id "${definition.id}" must match ${String(emailCategoryIdPattern)}`);
  return definition;
}

/** The deal's kinds of mail (docs/decisions/028-deal-mail.md): bids, the deal's steps, reminders. */
export const dealEmailCategories = [
  defineEmailCategory({
    id: 'bidUpdates',
    label: 'Bid updates',
    description: 'A bid on your project, your bid accepted, and invitations to bid.',
    isOnByDefault: true,
    canTurnOff: true,
  }),
  defineEmailCategory({
    id: 'dealUpdates',
    label: 'Deal updates',
    description: 'Payments held and released, deliveries, revisions, milestones, cancellations, deadlines, refunds and reviews.',
    isOnByDefault: true,
    canTurnOff: true,
  }),
  defineEmailCategory({
    id: 'reminders',
    label: 'Reminders',
    description: 'A reminder before a deadline you have to act on.',
    isOnByDefault: true,
    canTurnOff: true,
  }),
] as const;

/** The deal's category ids: the `to` of a deal letter names one of them. */
export type EmailCategory = (typeof dealEmailCategories)[number]['id'];

/**
 * What an unsubscribe token names, read without checking its signature (the server checks it):
 * '<userId>.<category>.<signature>'. The unsubscribe page uses it to say what will be turned off.
 */
export function readUnsubscribeToken(token: string): { userId: number; category: string; signature: string } | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9]+)\.([\w-]{16,128})$/.exec(token);
  if (!match || !emailCategoryIdPattern.test(match[2]!)) return null;
  return { userId: Number(match[1]), category: match[2]!, signature: match[3]! };
}
