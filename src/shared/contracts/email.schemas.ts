import { z } from 'zod';

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

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

/** PATCH: any of the deal's three, nothing else (the API before decision 044; every category goes through `setEmailChoiceSchema`). */
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
export type UpdateEmailPreferencesInput = z.output<typeof updateEmailPreferencesSchema>;

/** PATCH .../choice: one category of any feature on or off; which categories exist is the server's registry's to say. */
export const setEmailChoiceSchema = z.strictObject({
  category: z.string().min(1).max(40),
  isOn: z.boolean(),
});
export type SetEmailChoiceInput = z.infer<typeof setEmailChoiceSchema>;

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
