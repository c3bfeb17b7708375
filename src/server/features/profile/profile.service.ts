import { eq } from 'drizzle-orm';
import type { UpdateProfileInput } from '#shared/contracts/profile.js';
import type { AppContext } from '#server/context.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';
import { applyEmailChange, assertEmailFree, mailEmailChange, planEmailChange } from './email-verification.js';
import { explainIdentityTaken } from './identity.js';

// toUserDto and explainIdentityTaken are the profile's rules (what of a user leaves the server, and
// how a taken username or email is named) that auth needs too: registration writes the same unique
// identity and sign-in answers with the same user. This public entry exports both, so auth reads
// them without reaching into the feature; they are not infrastructure, since they speak the
// profile's contract and words. The email's confirmation (decision 036) is the profile's too: the
// account routes and registration reach it through here.
export { toUserDto } from './profile.mapper.js';
export { explainIdentityTaken } from './identity.js';
export {
  confirmEmailVerification,
  mailVerificationLink,
  resendEmailVerification,
  storeVerificationToken,
  type VerificationMailContext,
} from './email-verification.js';

/**
 * Updates the signed-in user's own profile; a new avatar path replaces the old one. A new email
 * does not replace the address at once: it waits as `pendingEmail` until the link mailed to it is
 * opened, and the current address is told (decision 036).
 */
export async function updateProfile(ctx: AppContext, actor: UserRow, userId: number, changes: UpdateProfileInput, avatarUrl?: string): Promise<UserRow> {
  requireAccess(actor, 'editOwnProfile', userId);
  const { email, ...rest } = changes;
  const values = Object.fromEntries(Object.entries({ ...rest, ...(avatarUrl ? { avatarUrl } : {}) }).filter(([, value]) => value !== undefined));
  const emailChange = planEmailChange(actor, email);
  if (Object.keys(values).length === 0 && emailChange.kind === 'none') return actor;
  if (emailChange.kind === 'request') {
    await assertEmailFree(ctx.db, emailChange.email, actor.id);
    // Each change mails a stranger's address: counted with resends, per account.
    await ctx.rateLimits.emailVerifications.consume(actor.id);
  }
  try {
    const { updated, token } = await ctx.db.transaction(async (tx) => {
      if (Object.keys(values).length > 0) await tx.update(users).set(values).where(eq(users.id, actor.id));
      const token = await applyEmailChange(ctx, tx, actor.id, emailChange);
      const [updated] = await tx.select().from(users).where(eq(users.id, actor.id));
      return { updated: updated!, token };
    });
    if (token && emailChange.kind === 'request') mailEmailChange(ctx, actor, emailChange.email, token);
    return updated;
  } catch (error) {
    throw explainIdentityTaken(error);
  }
}
