/**
 * The kinds of deal mail a person can turn off (docs/decisions/028-deal-mail.md). Password reset
 * and other security mail belong to none of them and always go out.
 */
export const emailCategories = ['bidUpdates', 'dealUpdates', 'reminders'] as const;
export type EmailCategory = (typeof emailCategories)[number];

/** The checkbox label and what the category covers, as the preferences and the unsubscribe page show them. */
export const emailCategoryText: Record<EmailCategory, { label: string; description: string }> = {
  bidUpdates: { label: 'Bid updates', description: 'A bid on your project, and your bid accepted.' },
  dealUpdates: {
    label: 'Deal updates',
    description: 'Payments held and released, deliveries, revisions, milestones, cancellations, deadlines and refunds.',
  },
  reminders: { label: 'Reminders', description: 'A reminder before a deadline you have to act on.' },
};

export const isEmailCategory = (value: unknown): value is EmailCategory => emailCategories.includes(value as EmailCategory);

/**
 * What an unsubscribe token names, read without checking its signature (the server checks it):
 * '<userId>.<category>.<signature>'. The unsubscribe page uses it to say what will be turned off.
 */
export function readUnsubscribeToken(token: string): { userId: number; category: EmailCategory; signature: string } | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z]+)\.([\w-]{16,128})$/.exec(token);
  if (!match || !isEmailCategory(match[2])) return null;
  return { userId: Number(match[1]), category: match[2], signature: match[3]! };
}
