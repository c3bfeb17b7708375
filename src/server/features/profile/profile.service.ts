import { eq } from 'drizzle-orm';
import type { UpdateProfileInput } from '#shared/contracts/profile.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { uniqueViolation } from '#server/db/errors.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';

// toUserDto and explainIdentityTaken are the profile's rules (what of a user leaves the server, and
// how a taken username or email is named) that auth needs too: registration writes the same unique
// identity and sign-in answers with the same user. This public entry exports both, so auth reads
// them without reaching into the feature; they are not infrastructure, since they speak the
// profile's contract and words.
export { toUserDto } from './profile.mapper.js';

/** Updates the signed-in user's own profile; a new avatar path replaces the old one. */
export async function updateProfile(ctx: AppContext, actor: UserRow, userId: number, changes: UpdateProfileInput, avatarUrl?: string): Promise<UserRow> {
  requireAccess(actor, 'editOwnProfile', userId);
  const values = Object.fromEntries(Object.entries({ ...changes, ...(avatarUrl ? { avatarUrl } : {}) }).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return actor;
  try {
    const [updated] = await ctx.db.update(users).set(values).where(eq(users.id, actor.id)).returning();
    return updated!;
  } catch (error) {
    throw explainIdentityTaken(error);
  }
}

/**
 * Registration and profile edits both write a username and an email that must be unique (case
 * aside): the database's unique indexes decide, and this turns their violation into the answer.
 * Returns the error unchanged when it is anything else.
 */
export function explainIdentityTaken(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_email_lower_key') return new AppError('EMAIL_TAKEN', 'An account with this email already exists');
  if (constraint === 'users_username_lower_key') return new AppError('USERNAME_TAKEN', 'This username is already taken');
  return error;
}
