import type { LiveChange } from '#shared/events.js';
import type { DomainEvents, DomainEventType, EventOf } from '#server/events/domain-events.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';

/**
 * Live changes by resource (docs/decisions/043-live-changes.md). Each committed domain event names
 * the resources it changed and who may read them; once it commits, each of those people gets one
 * `changed` event on their open sockets (on every instance, through the live hub's channel). The
 * change carries ids only: the client refetches, and the server answers under its usual rules.
 *
 * Who may read: a deal's two parties (its owner and finisher), a bid's finisher and its project's
 * owner, a conversation's two participants, and for a dispute also every operator. Nobody else is
 * ever named: a stranger's sockets hear nothing.
 */
export interface LiveChangeRule {
  changes: LiveChange[];
  /** The users who may read every resource in `changes`. */
  readers: (number | null | undefined)[];
  /** Operators may read it too (disputes). */
  isForOperators?: boolean;
}

type RuleOf<T extends DomainEventType> = (event: EventOf<T>) => LiveChangeRule | null;

/** One rule per domain event type, so a new event type does not compile until it says what it changes. */
type LiveChangeMap = { [T in DomainEventType]: RuleOf<T> };

interface DealParties {
  projectId: number;
  ownerId: number;
  finisherId: number;
}

/** A step of the deal: its project (status, bids, lists) and its deal (stage, clock, money, milestones, change orders, scope). */
const dealChanges = (projectId: number): LiveChange[] => [
  { resource: 'project', id: projectId },
  { resource: 'deal', id: projectId },
];
const dealStep = (e: DealParties): LiveChangeRule => ({ changes: dealChanges(e.projectId), readers: [e.ownerId, e.finisherId] });

const bidChanges = (e: { bidId: number; projectId: number }): LiveChange[] => [
  { resource: 'project', id: e.projectId },
  { resource: 'bid', id: e.bidId },
];
const bidStep = (e: DealParties & { bidId: number }): LiveChangeRule => ({ changes: bidChanges(e), readers: [e.ownerId, e.finisherId] });
/** An accepted or lapsed bid starts or ends a deal as well. */
const bidDealStep = (e: DealParties & { bidId: number }): LiveChangeRule => ({
  changes: [...bidChanges(e), { resource: 'deal', id: e.projectId }],
  readers: [e.ownerId, e.finisherId],
});

const disputeStep = (e: DealParties & { disputeId: number }): LiveChangeRule => ({
  changes: [{ resource: 'dispute', id: e.disputeId }, ...dealChanges(e.projectId)],
  readers: [e.ownerId, e.finisherId],
  isForOperators: true,
});

/** Nothing a client caches changed (a reminder, a mail digest, the finisher's own onboarding). */
const none = (): null => null;

export const liveChangeRules: LiveChangeMap = {
  'bid.placed': bidStep,
  // The owner's project page lists it; the finisher's dashboard lists it under their own projects' key.
  'invitation.sent': (e) => ({ changes: [{ resource: 'project', id: e.projectId }], readers: [e.ownerId, e.finisherId] }),
  // The reviewee's page learns a review waits; a reveal changes both pages and every rating shown.
  'review.written': (e) => ({ changes: [{ resource: 'project', id: e.projectId }], readers: [e.reviewerId, e.revieweeId] }),
  'reviews.revealed': (e) => ({ changes: [{ resource: 'project', id: e.projectId }], readers: [e.ownerId, e.finisherId] }),
  // A new project shows on the browse list at its next read; its alerts arrive as notifications.
  'project.posted': none,
  'saved_search.matched': none,
  'saved_search.digest': none,
  'bid.accepted': bidDealStep,
  // The owner rejected it in their own tab; the event names only the finisher.
  'bid.rejected': (e) => ({ changes: bidChanges(e), readers: [e.finisherId] }),
  'bid.lapsed': bidDealStep,
  'bid.edited': bidStep,
  'bid.withdrawn': bidStep,
  'bid.declined': bidStep,
  // A project without a finisher yet has no deal, and only its owner reads it.
  'project.status_changed': (e) => ({ changes: dealChanges(e.projectId), readers: [e.ownerId, e.finisherId] }),
  'work.delivered': dealStep,
  'work.accepted': dealStep,
  'revision.requested': dealStep,
  'cancellation.requested': dealStep,
  'cancellation.refunding': dealStep,
  'cancellation.agreed': dealStep,
  'cancellation.objected': dealStep,
  'cancellation.timed_out': dealStep,
  'delivery.deadline_passed': dealStep,
  'deal.reminder': none,
  // Hand-overs between features inside one transaction (decision 045): the steps they lead to push their own changes.
  'project.cancelled': none,
  'cancellation.dispute_requested': none,
  'dispute.timer_due': none,
  'dispute.opened': disputeStep,
  'dispute.evidence_added': disputeStep,
  'dispute.offered': disputeStep,
  'dispute.digest': none,
  'dispute.escalated': disputeStep,
  'dispute.settled': disputeStep,
  'payment.received': dealStep,
  'payout.released': dealStep,
  'payment.refunded': dealStep,
  // Each payout and refund it sums up has refreshed the deal already.
  'money.moved': none,
  'payment.arrived_late': dealStep,
  'onboarding.completed': none,
  'card_dispute.opened': dealStep,
  'card_dispute.closed': dealStep,
  'change_order.proposed': dealStep,
  'change_order.accepted': dealStep,
  'change_order.declined': dealStep,
  'change_order.withdrawn': dealStep,
  'change_order.paid': dealStep,
  'milestone.added': dealStep,
  'milestone.completed': dealStep,
  'milestone.approved': dealStep,
  'milestone.sent_back': dealStep,
  // The sender's other tabs too: the chat list's last message and the thread.
  'message.sent': (e) => ({ changes: [{ resource: 'conversation', id: e.bidId }], readers: [e.recipientId, e.message.senderId] }),
  // Issue 29: the report reaches the parties live; anyone else reads it on their next load.
  'repository.report_ready': (e) => ({
    changes: e.projects.map((p) => ({ resource: 'project' as const, id: p.projectId })),
    readers: e.projects.flatMap((p) => [p.ownerId, p.finisherId]),
  }),
  'repository.access_changed': dealStep,
  'pull_request.merged': dealStep,
  'pull_request.closed': dealStep,
  'pull_request.updated': dealStep,
  // The reader's other tabs (unread marks) and the sender's screens (the read mark on each message).
  'conversation.read': (e) => ({ changes: [{ resource: 'conversation', id: e.bidId }], readers: [e.readerId, e.senderId] }),
  'message.changed': (e) => ({ changes: [{ resource: 'conversation', id: e.bidId }], readers: e.partyIds }),
};

/** Who gets a rule's changes: its readers (each once) and, when it says so, the operators. */
async function recipientsOf(rule: LiveChangeRule, findOperatorIds: () => Promise<number[]>): Promise<number[]> {
  const ids = new Set<number>();
  for (const id of rule.readers) if (typeof id === 'number' && id > 0) ids.add(id);
  if (rule.isForOperators) for (const id of await findOperatorIds()) ids.add(id);
  return [...ids];
}

export interface LiveChangeDeps {
  live: LivePublisher;
  /** Every operator's id, asked only for a change operators may read. */
  findOperatorIds: () => Promise<number[]>;
}

/** Pushes each committed domain event's changes to the people who may read them. */
export function registerLiveChanges(events: DomainEvents, deps: LiveChangeDeps): void {
  for (const type of Object.keys(liveChangeRules) as DomainEventType[]) {
    const rule = liveChangeRules[type] as RuleOf<DomainEventType>;
    events.onCommit(type, async (event) => {
      const found = rule(event);
      if (!found) return;
      for (const userId of await recipientsOf(found, deps.findOperatorIds)) {
        await deps.live.publish(userId, { type: 'changed', changes: found.changes });
      }
    });
  }
}
