import { z } from 'zod';
import { limits } from '#shared/domain/limits.js';
import { roleAliases } from '#shared/domain/roles.js';
import { canonicalTimeZone } from '#shared/domain/time-zone.js';
import { userSchema } from './users.schemas.js';

export const emailSchema = z
  .string({ error: 'Please enter a valid email' })
  .trim()
  .toLowerCase()
  .max(limits.emailMax, 'Please enter a valid email')
  .email('Please enter a valid email');

export const passwordSchema = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(limits.passwordMin, 'Password must be at least 6 characters')
  .max(limits.passwordMax, `Password must be at most ${limits.passwordMax} characters`);

export const usernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(limits.usernameMin, 'Username must be at least 3 characters')
  .max(limits.usernameMax, `Username must be at most ${limits.usernameMax} characters`)
  // Usernames appear in profile URLs (/developers/{username}), so they stay URL-safe.
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores');

/**
 * An IANA time zone ('Europe/Berlin'), as Intl names it; the browser sends its own
 * (Intl.DateTimeFormat().resolvedOptions().timeZone). Read back as Intl spells it (decision 048).
 */
export const timeZoneSchema = z
  .string({ error: 'Please choose a time zone' })
  .trim()
  .max(64, 'Please choose a time zone from the list')
  .transform((name, context) => {
    const zone = canonicalTimeZone(name);
    if (zone === null) context.addIssue({ code: 'custom', message: `"${name}" is not a time zone we know; please choose one from the list` });
    return zone ?? z.NEVER;
  });

export const loginBodySchema = z.strictObject({ email: emailSchema, password: passwordSchema });
/** What a client sends (wire) and what the server reads after parsing (trimmed, lower-cased). */
export type LoginBody = z.input<typeof loginBodySchema>;
export type LoginInput = z.output<typeof loginBodySchema>;

export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  // Operators are made by `npm run operator:create` or OPERATOR_EMAILS, never by signing up.
  role: z
    .enum(roleAliases, { error: (issue) => (issue.input === 'operator' ? 'No one can register as an operator' : 'Please select a role') })
    .default('creator'),
  /** The browser's zone; an account registered without one reads time in UTC until its owner picks a zone. */
  timeZone: timeZoneSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;
export type RegisterInput = z.output<typeof registerBodySchema>;

export const logoutResponseSchema = z.object({ message: z.string() });

/** GET /api/session: who is signed in, null for a visitor (a normal state, not an error). */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
