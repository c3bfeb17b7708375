import { dealVerdictOf } from '#shared/domain/deal-machine.js';
import type { AppContext } from '#server/context.js';
import { lockProject } from '#server/db/project-locks.js';
import { readDealFacts } from '#server/domain/deal-facts.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { acceptDelivery } from './projects.service.js';

/**
 * Steps other features hand to projects in their transaction (decision 045). The owner's merge of
 * the delivered pull request (issue 29) accepts the delivery through the very step Accept Work takes,
 * when the deal machine allows the owner's accept_work now; otherwise (already accepted, nothing
 * delivered, a dispute open) the merge changes nothing in the deal.
 */
export function registerProjectHandlers(events: DomainEvents, ctx: AppContext): void {
  events.onRecord('pull_request.merged', async (e, tx, record) => {
    const project = await lockProject(tx, e.projectId);
    const deal = await readDealFacts(ctx, tx, project);
    if (!dealVerdictOf(deal.facts, 'owner', 'accept_work').allowed) return;
    await acceptDelivery(tx, record, project, 'owner', ctx.clock.now());
  });
}
