import { z } from 'zod';
import { emailCategories } from '#shared/domain/email-categories.js';

/** Which deal mail a user gets; a user who never chose gets all three. */
export const emailPreferencesSchema = z.object({
  bidUpdates: z.boolean(),
  dealUpdates: z.boolean(),
  reminders: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

/** PATCH: any of the three, nothing else. */
export const updateEmailPreferencesSchema = z.strictObject(
  {
    bidUpdates: flag('bidUpdates'),
    dealUpdates: flag('dealUpdates'),
    reminders: flag('reminders'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${issue.keys.join(', ')}. Send bidUpdates, dealUpdates or reminders`
        : 'Send an object of bidUpdates, dealUpdates and reminders',
  },
);
export type UpdateEmailPreferencesBody = z.input<typeof updateEmailPreferencesSchema>;
export type UpdateEmailPreferencesInput = z.output<typeof updateEmailPreferencesSchema>;

/** The signed token of an unsubscribe link. */
export const unsubscribeQuerySchema = z.strictObject({
  token: z.string({ error: 'The unsubscribe link has no token' }).min(1, 'The unsubscribe link has no token').max(200, 'This unsubscribe link is not valid'),
});

export const unsubscribeResultSchema = z.object({
  /** The kind of mail now turned off. */
  category: z.enum(emailCategories),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
