import { AppError } from '#server/app-error.js';
import { uniqueViolation } from '#server/db/errors.js';

/**
 * Registration, profile edits and email confirmation all write a username and an email that must
 * be unique (case aside): the database's unique indexes decide, and this turns their violation
 * into the answer. Returns the error unchanged when it is anything else.
 */
export function explainIdentityTaken(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_email_lower_key') return new AppError('EMAIL_TAKEN', 'An account with this email already exists');
  if (constraint === 'users_username_lower_key') return new AppError('USERNAME_TAKEN', 'This username is already taken');
  return error;
}
