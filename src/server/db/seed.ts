import { sql } from 'drizzle-orm';
import { dollarsToCents, splitPayment } from '#shared/domain/money.js';
import { hashPassword } from '#server/plugins/passwords.js';
import type { Db } from './client.js';
import { DEMO_PASSWORD, type DemoUsername, demoProjects, demoUsers } from './seed-data.js';
import { bids } from '#server/db/schema/bids.js';
import { payments } from '#server/db/schema/payments.js';
import { projects } from '#server/db/schema/projects.js';
import { users } from '#server/db/schema/users.js';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** On an empty database, fills in a small living marketplace so a newcomer has something to look at. */
export async function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        demoUsers.map((u, i) => ({
          ...u,
          skills: 'skills' in u ? [...u.skills] : [],
          languages: 'languages' in u ? [...u.languages] : [],
          frameworks: 'frameworks' in u ? [...u.frameworks] : [],
          passwordHash,
          createdAt: daysAgo(60 - i),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const idOf = (username: DemoUsername) => inserted.find((u) => u.username === username)!.id;

    for (const p of demoProjects) {
      const winning = p.bids.find((b) => b.status && b.status !== 'rejected' && b.status !== 'pending');
      const createdAt = daysAgo(p.ageDays);
      const [project] = await tx
        .insert(projects)
        .values({
          name: p.name,
          description: p.description,
          techStack: p.techStack,
          codeLink: `https://github.com/finishline-demo/${p.name.toLowerCase().replaceAll(' ', '-')}`,
          status: p.status,
          submitterId: idOf(p.owner),
          finisherId: winning ? idOf(winning.finisher) : null,
          budgetCents: dollarsToCents(p.budgetDollars),
          timeframe: p.timeframe,
          deliveryMessage: p.status === 'completed' || p.status === 'accepted' ? 'All requested features are done and documented in the README.' : null,
          completedAt: p.status === 'completed' || p.status === 'accepted' ? daysAgo(p.ageDays - 5) : null,
          acceptedAt: p.status === 'accepted' ? daysAgo(p.ageDays - 6) : null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: projects.id });
      for (const [index, b] of p.bids.entries()) {
        const bidCreatedAt = new Date(createdAt.getTime() + (index + 1) * 3_600_000);
        const [bid] = await tx
          .insert(bids)
          .values({
            projectId: project!.id,
            finisherId: idOf(b.finisher),
            amountCents: dollarsToCents(b.amount),
            timelineDays: b.timeline,
            message: b.message,
            status: b.status ?? 'pending',
            paymentIntentId: p.payment ? `pi_demo_${project!.id}` : null,
            createdAt: bidCreatedAt,
            updatedAt: bidCreatedAt,
          })
          .returning({ id: bids.id });
        if (p.payment && b === winning) {
          const split = splitPayment(dollarsToCents(b.amount));
          await tx.insert(payments).values({
            bidId: bid!.id,
            ...split,
            releasedCents: p.payment === 'released' ? split.developerAmountCents : 0,
            settledCents: p.payment === 'released' ? split.amountCents : 0,
            paymentIntentId: `pi_demo_${project!.id}`,
            transferGroup: `project_${project!.id}`,
            status: p.payment,
          });
        }
      }
    }
  });
  return true;
}
