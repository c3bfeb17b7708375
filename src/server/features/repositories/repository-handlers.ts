import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.js';
import { repositories, repositoryReports } from '#server/db/schema/repositories.js';
import { statementsOfWork } from '#server/db/schema/scope.js';
import { projects } from '#server/db/schema/projects.js';
import type { DomainEvents, DomainEventType } from '#server/events/domain-events.js';
import { enqueueAccessSync } from './repository-access.js';
import { enqueueCheck } from './pull-requests.js';

/** The deal steps after which the finisher's push access may have to change (granted on payment, removed at the end). */
const accessSteps = [
  'payment.received',
  'work.accepted',
  'project.status_changed',
  'cancellation.agreed',
  'cancellation.timed_out',
  'cancellation.refunding',
  'dispute.settled',
  'money.moved',
  'card_dispute.closed',
] as const satisfies readonly DomainEventType[];

/**
 * The repositories feature listens to the deal (decision 045): access follows the deal's stage, the
 * report and the commit the deal starts from join the statement of work, and Finishline's check on a
 * delivered pull request follows the owner's review.
 */
export function registerRepositoryHandlers(events: DomainEvents, ctx: AppContext): void {
  for (const type of accessSteps) events.onRecord(type, (e, tx) => enqueueAccessSync(ctx, tx, e.projectId, type));

  events.onRecord('bid.accepted', async (e, tx) => {
    const [connected] = await tx
      .select({ reportId: repositories.latestReportId, headSha: repositories.headSha, commit: repositoryReports.commit })
      .from(projects)
      .innerJoin(repositories, eq(repositories.id, projects.repositoryId))
      .leftJoin(repositoryReports, eq(repositoryReports.id, repositories.latestReportId))
      .where(eq(projects.id, e.projectId))
      .limit(1);
    if (!connected) return;
    // The statement of work was frozen earlier in this transaction; the report frozen beside it is the one bidders read.
    await tx
      .update(statementsOfWork)
      .set({ repositoryReportId: connected.reportId, startCommit: connected.commit ?? connected.headSha })
      .where(eq(statementsOfWork.bidId, e.bidId));
  });

  events.onRecord('revision.requested', (e, tx) => enqueueCheck(ctx, tx, e.projectId, { outcome: 'revision_requested' }));
  events.onRecord('work.accepted', (e, tx) => enqueueCheck(ctx, tx, e.projectId, { outcome: 'accepted' }));
}
