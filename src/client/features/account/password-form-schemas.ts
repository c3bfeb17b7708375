import { z } from 'zod';
import { changePasswordBodySchema, passwordResetConfirmBodySchema } from '#shared/contracts/account.schemas.js';

const mustMatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** The change-password form: the API body plus a second entry of the new password. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, mustMatch);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The reset form: the new password twice (the token comes from the link). */
export const resetPasswordFormSchema = passwordResetConfirmBodySchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, mustMatch);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
