import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bids } from '#server/db/schema/bids.js';
import { type NewPaymentRow, payments } from '#server/db/schema/payments.js';
import { appendLedger, impliedMovements } from '#server/domain/ledger.js';
import type { Db } from '#server/db/client.js';
import { type NewProjectRow, projects } from '#server/db/schema/projects.js';
import { type NewUserRow, users } from '#server/db/schema/users.js';
import { hashPassword } from '#server/plugins/passwords.js';

export const TEST_PASSWORD = 'correct-horse';

let sequence = 0;
const next = () => `${process.pid}${++sequence}`;

let passwordHash: Promise<string> | undefined;

/**
 * Inserts a user (a submitter unless overridden) whose password is TEST_PASSWORD and whose email
 * is verified (pass `emailVerifiedAt: null` for one who has not opened the link yet).
 */
export async function createUser(db: Db, overrides: Partial<NewUserRow> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const n = next();
  const [user] = await db
    .insert(users)
    .values({ username: `user${n}`, email: `user${n}@example.test`, passwordHash: await passwordHash, emailVerifiedAt: new Date(), ...overrides })
    .returning();
  return user!;
}

export async function createProject(db: Db, overrides: Partial<NewProjectRow> & { submitterId: number }) {
  const n = next();
  const [project] = await db
    .insert(projects)
    .values({
      name: `Project ${n}`,
      description: 'A half-built application that needs a finisher to wire up the remaining features.',
      techStack: ['React', 'Node.js'],
      codeLink: `https://github.com/example/project-${n}`,
      ...overrides,
    })
    .returning();
  return project!;
}

/** Signs a user in through the API and returns the Cookie header to send as them. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'fl_session');
  return `fl_session=${cookie!.value}`;
}

/**
 * Inserts a payment row as money that moved step by step would have left it, with the ledger
 * entries its amounts imply (decision 063), so `npm run ledger:check` finds it consistent: a
 * released payment paid out in full and a refunded one refunded in full unless the values say
 * otherwise.
 */
export async function insertPayment(db: Db, values: NewPaymentRow & { amountCents: number; developerAmountCents: number }) {
  const settled =
    values.status === 'released' && values.releasedCents === undefined
      ? { releasedCents: values.developerAmountCents, settledCents: values.amountCents }
      : values.status === 'refunded' && values.refundedCents === undefined
        ? { refundedCents: values.amountCents }
        : {};
  const [payment] = await db
    .insert(payments)
    .values({ ...values, ...settled })
    .returning();
  const [parties] = await db
    .select({ projectId: bids.projectId, ownerId: projects.submitterId, finisherId: bids.finisherId })
    .from(bids)
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .where(eq(bids.id, payment!.bidId));
  await db.transaction((tx) => appendLedger(tx, payment!.id, parties!, payment!.heldAt ?? payment!.createdAt, impliedMovements(payment!)));
  return payment!;
}
