import { z } from 'zod';
import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import {
  sessionListSchema,
  sessionParamsSchema,
  revokedSessionsSchema,
  changePasswordBodySchema,
  passwordResetRequestBodySchema,
  passwordResetConfirmBodySchema,
  accountMessageSchema,
  emailVerificationResendBodySchema,
  emailVerificationSentSchema,
  emailVerificationConfirmBodySchema,
  emailVerificationConfirmedSchema,
  timeZoneBodySchema,
  timeZoneResponseSchema,
} from './account.schemas.js';

// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './account.schemas.js';

/** The signed-in user's devices and password, and password reset by email. */
export const accountEndpoints = defineEndpoints('account', {
  sessions: {
    method: 'GET',
    path: '/api/sessions',
    summary: "The signed-in user's devices",
    response: sessionListSchema,
    errors: ['UNAUTHENTICATED'],
  },
  revokeSession: {
    method: 'DELETE',
    path: '/api/sessions/:id',
    body: emptyBodySchema,
    summary: 'Sign one device out',
    params: sessionParamsSchema,
    status: 204,
    response: z.null(),
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/api/sessions/revoke-others',
    body: emptyBodySchema,
    summary: 'Sign out every other device',
    description: 'Signs out every other device; this one stays signed in.',
    response: revokedSessionsSchema,
    errors: ['UNAUTHENTICATED'],
  },
  changeTimeZone: {
    method: 'PUT',
    path: '/api/account/time-zone',
    summary: 'Choose the time zone of mail and deadlines',
    description: "Sets the signed-in user's own zone (an IANA name Intl knows); mail and the deal's sentences write dates in it.",
    body: timeZoneBodySchema,
    response: timeZoneResponseSchema,
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
  },
  changePassword: {
    method: 'POST',
    path: '/api/user/password',
    summary: 'Change the password (signs out every other device)',
    body: changePasswordBodySchema,
    response: revokedSessionsSchema,
    errors: ['UNAUTHENTICATED', 'WRONG_PASSWORD'],
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/password-reset/request',
    session: 'none',
    summary: 'Email a password reset link',
    description: 'Answers the same whether or not an account has that address.',
    body: passwordResetRequestBodySchema,
    status: 202,
    response: accountMessageSchema,
    errors: [],
  },
  confirmPasswordReset: {
    method: 'POST',
    path: '/api/password-reset/confirm',
    session: 'none',
    summary: 'Set a new password with a reset link',
    body: passwordResetConfirmBodySchema,
    response: accountMessageSchema,
    errors: ['INVALID_RESET_TOKEN'],
  },
  resendEmailVerification: {
    method: 'POST',
    path: '/api/account/email-verification',
    summary: 'Email a new confirmation link',
    description: "To the pending new address, or to the account's own address while it is unconfirmed. Limited per account.",
    body: emailVerificationResendBodySchema,
    status: 202,
    response: emailVerificationSentSchema,
    errors: ['UNAUTHENTICATED', 'CONFLICT', 'RATE_LIMITED'],
  },
  confirmEmailVerification: {
    method: 'POST',
    path: '/api/account/email-verification/confirm',
    session: 'none',
    summary: 'Confirm an email address with the emailed link',
    description: 'No sign-in needed: the token is the proof. A pending new address becomes the account’s address.',
    body: emailVerificationConfirmBodySchema,
    response: emailVerificationConfirmedSchema,
    errors: ['INVALID_VERIFICATION_TOKEN', 'EMAIL_TAKEN'],
  },
});
