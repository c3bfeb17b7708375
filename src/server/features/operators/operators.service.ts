import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from '#shared/contracts/auth.schemas.js';
import type { Role } from '#shared/domain/roles.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { explainIdentityTaken } from '#server/features/profile/profile.service.js';
import { hashPassword } from '#server/plugins/passwords.js';
import { isOperatorByEmail } from '#server/plugins/session.js';

const operatorInputSchema = z.strictObject({
  email: emailSchema,
  username: usernameSchema.optional(),
  password: passwordSchema.optional(),
});
export type OperatorInput = z.input<typeof operatorInputSchema>;

export type OperatorOutcome =
  | { outcome: 'created'; user: UserRow; generatedPassword: string | null }
  /** An account with this email existed: it is an operator now, its password unchanged. */
  | { outcome: 'promoted'; user: UserRow; previousRole: Role }
  | { outcome: 'unchanged'; user: UserRow };

/**
 * `npm run operator:create` (issue 15, rule 5): no one can register as an operator, so this makes
 * one, or makes an existing account with that email one. A new account without a password gets a
 * random one, printed once by the command; it is never stored but as its hash. Whoever runs the
 * command vouches for the address, so the operator's email counts as verified (an operator must
 * have one: decision 036, and a check constraint on users).
 */
export async function createOperator(ctx: Pick<AppContext, 'db'>, input: OperatorInput): Promise<OperatorOutcome> {
  const parsed = operatorInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues.map((issue) => issue.message).join('; '));
  const { email, username, password } = parsed.data;

  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .for('update')
      .limit(1);
    if (existing?.role === 'operator') return { outcome: 'unchanged', user: existing };
    if (existing) {
      const [user] = await tx
        .update(users)
        .set({ role: 'operator', emailVerifiedAt: existing.emailVerifiedAt ?? new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      return { outcome: 'promoted', user: user!, previousRole: existing.role };
    }
    if (!username) throw new AppError('VALIDATION_FAILED', 'No account has this email: give a --username to create one');
    // 18 random bytes: 24 URL-safe characters, well past the password rules.
    const generatedPassword = password ? null : randomBytes(18).toString('base64url');
    const passwordHash = await hashPassword(password ?? generatedPassword!);
    try {
      const [user] = await tx.insert(users).values({ username, email, passwordHash, role: 'operator', emailVerifiedAt: new Date() }).returning();
      return { outcome: 'created', user: user!, generatedPassword };
    } catch (error) {
      throw explainIdentityTaken(error);
    }
  });
}

/** Every operator: the accounts made operators by `npm run operator:create`, and the verified ones OPERATOR_EMAILS names. */
export async function findOperatorIds(tx: Pick<DbOrTx, 'select'>, operatorEmails: readonly string[]): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.role, 'operator'), isOperatorByEmail(operatorEmails)))
    .orderBy(users.id);
  return rows.map((row) => row.id);
}
