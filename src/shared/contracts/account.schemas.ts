import { z } from 'zod';
import { limits } from '#shared/domain/limits.js';
import { emailSchema, passwordSchema, timeZoneSchema } from './auth.schemas.js';

/** One signed-in device as the session list shows it: a public id, never the token or its hash. */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.array(sessionSchema);

export const sessionParamsSchema = z.object({ id: z.uuid({ error: 'Session not found' }) });

export const revokedSessionsSchema = z.object({ revoked: z.number().int() });

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Please enter your current password' })
    .min(1, 'Please enter your current password')
    .max(limits.passwordMax, `Password must be at most ${limits.passwordMax} characters`),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
export type ChangePasswordInput = z.output<typeof changePasswordBodySchema>;

export const passwordResetRequestBodySchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBodySchema>;
export type PasswordResetRequestInput = z.output<typeof passwordResetRequestBodySchema>;

export const passwordResetConfirmBodySchema = z.strictObject({
  token: z.string({ error: 'This password reset link is incomplete' }).min(1, 'This password reset link is incomplete').max(256),
  password: passwordSchema,
});
export type PasswordResetConfirmBody = z.input<typeof passwordResetConfirmBodySchema>;
export type PasswordResetConfirmInput = z.output<typeof passwordResetConfirmBodySchema>;

export const accountMessageSchema = z.object({ message: z.string() });

/** The same answer whether or not an account has that address, so accounts cannot be discovered. */
export const passwordResetRequestedMessage = 'If an account exists for that email, we have sent a link to reset its password.';

/** POST /api/account/email-verification: nothing is read (decision 015: an empty strict object). */
export const emailVerificationResendBodySchema = z.strictObject({});

export const emailVerificationSentSchema = z.object({
  message: z.string(),
  /** Where the link went: the pending new address, or the account's own. */
  email: z.string(),
});
export type EmailVerificationSent = z.infer<typeof emailVerificationSentSchema>;

export const emailVerificationConfirmBodySchema = z.strictObject({
  token: z
    .string({ error: 'This confirmation link is incomplete' })
    .min(1, 'This confirmation link is incomplete')
    .max(256, 'This confirmation link is invalid'),
});
export type EmailVerificationConfirmInput = z.output<typeof emailVerificationConfirmBodySchema>;

export const emailVerificationConfirmedSchema = z.object({
  message: z.string(),
  /** The account's address, now confirmed. */
  email: z.string(),
});
export type EmailVerificationConfirmed = z.infer<typeof emailVerificationConfirmedSchema>;

/** PUT /api/account/time-zone: the zone the signed-in user reads mail and the deal's sentences in. */
export const timeZoneBodySchema = z.strictObject({ timeZone: timeZoneSchema });
export type TimeZoneBody = z.input<typeof timeZoneBodySchema>;
export type TimeZoneInput = z.output<typeof timeZoneBodySchema>;
export const timeZoneResponseSchema = z.object({ timeZone: z.string() });
