import { eq } from 'drizzle-orm';
import type { UpdateProfileInput } from '#shared/contracts/profile.js';
import type { AppContext } from '#server/context.js';
import { explainIdentityTaken } from './identity-taken.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';

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
