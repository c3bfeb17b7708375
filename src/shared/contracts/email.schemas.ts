import { z } from 'zod';
import { emailCategoryIdPattern } from '#shared/domain/email-categories.js';

/** A registered kind of mail, as the preferences screen and the unsubscribe page show it (decision 044). */
export const emailCategorySchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  isOnByDefault: z.boolean(),
  canTurnOff: z.boolean(),
});
export type EmailCategoryInfo = z.infer<typeof emailCategorySchema>;

/**
 * Which mail a user gets: one entry per category a person can turn off (today bidUpdates,
 * dealUpdates and reminders), the category's default for a user who never chose.
 */
export const emailPreferencesSchema = z.record(z.string(), z.boolean());
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/**
 * PATCH: any of the registered categories, each true or false. Which ids exist is the server's
 * registry's to say (an unknown one is refused with 'Unknown field: ...').
 */
export const updateEmailPreferencesSchema = z.record(
  z.string().regex(emailCategoryIdPattern, { error: (issue) => `Unknown field: ${String(issue.input)}` }),
  z.boolean(),
  { error: 'Send an object of bidUpdates, dealUpdates and reminders' },
);
export type UpdateEmailPreferencesBody = z.input<typeof updateEmailPreferencesSchema>;
export type UpdateEmailPreferencesInput = z.output<typeof updateEmailPreferencesSchema>;

/** The signed token of an unsubscribe link. */
export const unsubscribeQuerySchema = z.strictObject({
  token: z.string({ error: 'The unsubscribe link has no token' }).min(1, 'The unsubscribe link has no token').max(200, 'This unsubscribe link is not valid'),
});

export const unsubscribeResultSchema = z.object({
  /** The kind of mail now turned off. */
  category: z.string(),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
