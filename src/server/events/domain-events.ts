import type { AttachmentSummary } from '#shared/domain/attachments.js';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from '#shared/contracts/conversations.js';
import type { ChangeOrderProposer } from '#shared/domain/change-order-lifecycle.js';
import type { DealEndReason } from '#shared/domain/deal.js';
import type { DisputeSettlement, DisputeSide } from '#shared/domain/dispute.js';
import type { Db, DbOrTx, Tx } from '#server/db/client.js';
import type { DealTimer } from '#shared/domain/deal-timer-job.js';
import type { MoneyMoveCause, MoneyPart, MoneySource } from '#shared/domain/money-moves.js';

/** Everything that happens to a deal, as the features tell each other about it. */
export type DomainEvent =
  | {
      type: 'bid.placed';
      bidId: number;
      projectId: number;
      projectName: string;
      ownerId: number;
      finisherId: number;
      finisherUsername: string;
      /** The bid's price and timeline, for the owner's notification and mail (issue 28, item 11). */
      amountCents: number;
      timelineDays: number;
    }
  /** Issue 30: an owner invited a finisher to bid on their open project. */
  | {
      type: 'invitation.sent';
      invitationId: number;
      projectId: number;
      projectName: string;
      ownerId: number;
      ownerUsername: string;
      finisherId: number;
      budgetCents: number | null;
    }
  /** Issue 30: one party reviewed the other; it stays hidden until the other reviews too or revealsAt (decision 059). */
  | {
      type: 'review.written';
      projectId: number;
      projectName: string;
      reviewerId: number;
      reviewerUsername: string;
      revieweeId: number;
      revealsAt: string;
    }
  /** Issue 30: a deal's reviews became visible to both parties and the public. */
  | { type: 'reviews.revealed'; projectId: number; projectName: string; ownerId: number; finisherId: number }
  /** Issue 30: an owner posted a project (saved searches test it). */
  | { type: 'project.posted'; projectId: number; projectName: string; ownerId: number }
  /** Issue 30: a new project matched a developer's saved search; told at once in the app, by mail at once or in the day's digest. */
  | {
      type: 'saved_search.matched';
      userId: number;
      savedSearchId: number;
      search: string;
      frequency: 'instant' | 'daily';
      projectId: number;
      projectName: string;
      budgetCents: number | null;
    }
  /** Issue 30: the day's matches of a developer's daily saved searches, in one mail. */
  | { type: 'saved_search.digest'; userId: number; matches: { projectId: number; projectName: string; budgetCents: number | null; search: string }[] }
  | { type: 'bid.accepted'; bidId: number; projectId: number; projectName: string; ownerId: number; finisherId: number }
  | { type: 'bid.rejected'; bidId: number; projectId: number; projectName: string; finisherId: number }
  /** Decision 037: the accepted bid was not paid within DEAL_PAYMENT_WINDOW; the project is open for bids again. */
  | { type: 'bid.lapsed'; bidId: number; amountCents: number; projectId: number; projectName: string; ownerId: number; finisherId: number }
  /** Issue 18: a finisher changed or took back a pending bid (the owner is told); the owner declined one (its finisher is told). */
  | {
      type: 'bid.edited';
      bidId: number;
      projectId: number;
      projectName: string;
      ownerId: number;
      finisherId: number;
      finisherUsername: string;
      changes: string[];
    }
  | { type: 'bid.withdrawn'; bidId: number; projectId: number; projectName: string; ownerId: number; finisherId: number; finisherUsername: string }
  | { type: 'bid.declined'; bidId: number; projectId: number; projectName: string; ownerId: number; finisherId: number; reason: string | null }
  | {
      type: 'project.status_changed';
      projectId: number;
      projectName: string;
      ownerId: number;
      finisherId: number | null;
      from: string;
      to: string;
    }
  /** reviewDueAt: when the owner's silence accepts it (ISO), null while the project is unpaid. */
  | {
      type: 'work.delivered';
      projectId: number;
      projectName: string;
      ownerId: number;
      finisherId: number;
      message: string;
      reviewDueAt: string | null;
      /** Evidence per agreed criterion (issue 18); absent on a deal without criteria. */
      evidence?: { criterionId: number; note: string }[];
      /** The files delivered with it (issue 32, item 2). */
      files?: AttachmentSummary[];
    }
  /**
   * automatic: the review window passed in silence and the system accepted it. payout: what the
   * finisher is owed now and whether a payout account can take it (issue 28, item 2).
   */
  | {
      type: 'work.accepted';
      projectId: number;
      projectName: string;
      ownerId: number;
      finisherId: number;
      automatic: boolean;
      payout?: { amountCents: number; isAccountReady: boolean };
    }
  /** unmetCriteria: the agreed criteria the owner names as not met, with their text (issue 28, item 6). */
  | {
      type: 'revision.requested';
      projectId: number;
      projectName: string;
      ownerId: number;
      finisherId: number;
      reason: string;
      unmetCriteria?: { id: number; text: string }[];
    }
  | DealEvent
  | DisputeEvent
  | HandOverEvent
  /** documentId: the owner's receipt of it (issue 31), which the mail links. */
  | { type: 'payment.received'; projectId: number; projectName: string; ownerId: number; finisherId: number; amountCents: number; documentId?: number }
  /** One transfer to the finisher (a history line); `source` is what the money paid for; documentId its payout statement. */
  | ({ type: 'payout.released'; amountCents: number; source?: MoneySource; documentId?: number } & DealFields)
  /** One refund to the owner (a history line); paidCents is what that payment was, to tell a partial refund. */
  | ({ type: 'payment.refunded'; amountCents: number; source?: MoneySource; paidCents?: number } & DealFields)
  /**
   * Everything one settlement moved, told once to each party (issue 28, item 11): however many
   * payments a step settles, the finisher hears of one payout and the owner of one refund.
   */
  | ({ type: 'money.moved'; cause: MoneyMoveCause; payouts: MoneyPart[]; refunds: MoneyPart[]; statementIds?: number[] } & DealFields)
  /** Money that arrived after its deal ended (decision 038): refunded to the owner in full, never held; documentId its receipt. */
  | ({
      type: 'payment.arrived_late';
      paymentId: number;
      changeOrderId: number | null;
      reason: DealEndReason;
      amountCents: number;
      documentId?: number;
    } & DealFields)
  | { type: 'onboarding.completed'; userId: number }
  | RepositoryEvent
  | CardDisputeEvent
  | ChangeOrderEvent
  | MilestoneEvent
  /** A chat message was stored; `message` is what both parties see. */
  | { type: 'message.sent'; bidId: number; projectName: string; thread: { id: number; title: string }; recipientId: number; message: ChatMessage }
  /** A participant read these messages from the other party (opening the chat, or saying up to which). */
  | { type: 'conversation.read'; bidId: number; readerId: number; senderId: number; messageIds: number[] }
  /** A message's sender edited or deleted it (issue 32). */
  | { type: 'message.changed'; bidId: number; partyIds: number[]; messageId: number; content: string | null };

interface DealFields {
  projectId: number;
  projectName: string;
  ownerId: number;
  finisherId: number;
}

/** A connected repository's steps (issue 29, decisions 054-056). */
type RepositoryEvent =
  /** A new intake report was written: the projects it is connected to show it. */
  | { type: 'repository.report_ready'; repositoryId: number; projects: { projectId: number; ownerId: number; finisherId: number | null }[] }
  /** The finisher's push access changed (a history line each, written once: only a real change is recorded). */
  | ({ type: 'repository.access_changed'; status: 'invited' | 'granted' | 'removed'; withdrewInvitation: boolean } & DealFields)
  /**
   * The owner merged the delivered pull request on a project whose merge accepts the delivery: the
   * projects feature accepts it through the deal machine's accept_work step (decision 045: a record
   * handler, since repositories may not import projects).
   */
  | ({ type: 'pull_request.merged'; number: number; mergedBy: string | null } & DealFields)
  | ({ type: 'pull_request.closed'; number: number } & DealFields)
  /** The host's figures or checks of a delivered pull request were read again. */
  | ({ type: 'pull_request.updated'; number: number } & DealFields);
/**
 * A step of one feature that another feature finishes inside the same transaction, through its
 * record handler (docs/decisions/045-feature-homes-and-no-cycle.md): importing it would close an
 * import circle (projects -> deal -> projects, deal -> disputes -> deal). In-process only.
 */
type HandOverEvent =
  /** projects: the project was cancelled (the row is locked and updated); deal settles its money. */
  | { type: 'project.cancelled'; projectId: number }
  /** deal: the finisher objected to a cancellation while money is held; disputes opens the dispute. */
  | { type: 'cancellation.dispute_requested'; projectId: number; actorId: number; reason: string; finisherAmountCents: number }
  /** deal: one of the dispute's timers is due (the deal sweeper claimed it); disputes fires it. */
  | { type: 'dispute.timer_due'; projectId: number; timer: DealTimer; now: Date };

/** Disputes (docs/decisions/029-disputes.md): `side` is who took the step; amounts in cents, dates ISO. */
type DisputeEvent =
  | ({ type: 'dispute.opened'; disputeId: number; side: DisputeSide; reason: string; finisherAmountCents: number; respondBy: string } & DealFields)
  | ({ type: 'dispute.evidence_added'; disputeId: number; side: DisputeSide; hasFile: boolean } & DealFields)
  | ({ type: 'dispute.offered'; disputeId: number; side: DisputeSide; finisherAmountCents: number } & DealFields)
  /** The other side's offers (amounts, oldest first) and statements since `recipient` was last mailed. */
  | ({
      type: 'dispute.digest';
      disputeId: number;
      recipient: DisputeSide;
      offers: number[];
      statements: { statement: string; hasFile: boolean }[];
    } & DealFields)
  /** side null: the negotiation window ran out. */
  | ({ type: 'dispute.escalated'; disputeId: number; side: DisputeSide | null } & DealFields)
  | ({
      type: 'dispute.settled';
      disputeId: number;
      settlement: DisputeSettlement;
      finisherAmountCents: number;
      refundCents: number;
      decision: string | null;
    } & DealFields);

/** The deal clock's events (docs/decisions/027-deal-clock.md); amounts in cents, dates ISO. */
type DealEvent =
  /** The owner cancelled a paid project before the delivery was accepted: the finisher is asked until respondBy. */
  | ({ type: 'cancellation.requested'; respondBy: string; refundCents: number } & DealFields)
  /** The cancellation refunds at once (the delivery deadline had passed with nothing delivered). */
  | ({ type: 'cancellation.refunding'; refundCents: number } & DealFields)
  | ({ type: 'cancellation.agreed'; refundCents: number } & DealFields)
  /** claim: the dispute the objection opened over the held money (null when nothing was held): the ask, the money in dispute, the owner's deadline. */
  | ({
      type: 'cancellation.objected';
      reason: string;
      heldCents: number;
      claim: { finisherAmountCents: number; disputedCents: number; respondBy: string } | null;
    } & DealFields)
  | ({ type: 'cancellation.timed_out'; refundCents: number } & DealFields)
  /** The delivery deadline passed with nothing delivered: the owner may now cancel with a refund at once. */
  | ({ type: 'delivery.deadline_passed'; dueAt: string } & DealFields)
  /**
   * A reminder to the party who must act before a deadline: the owner to review a delivery (or a
   * milestone), the finisher to deliver or to answer a cancellation. dueAt is the deadline (ISO).
   */
  | ({
      type: 'deal.reminder';
      step: 'review' | 'milestone_review' | 'delivery' | 'cancellation' | 'dispute' | 'payment';
      recipientId: number;
      dueAt: string;
      milestoneTitle?: string;
      /** For step 'dispute': the dispute to respond to before its silence settles it. */
      disputeId?: number;
      /** For step 'delivery': the grace the deadline includes (DEAL_DELIVERY_GRACE), said beside it. */
      graceMs?: number;
    } & DealFields);

/**
 * A chargeback on a project's payment (issue 15, rule 7). Opened: the card holder's bank disputes
 * the charge and payouts freeze. Closed: won resumes them; lost ends them, refundedCents (what was
 * still unsettled) having gone back to the card.
 */
type CardDisputeEvent =
  | ({ type: 'card_dispute.opened'; paymentId: number; disputeId: string; amountCents: number } & DealFields)
  | ({ type: 'card_dispute.closed'; paymentId: number; disputeId: string; outcome: 'won' | 'lost'; refundedCents: number } & DealFields);

/**
 * Change orders (issue 18, item 6; decision 034): `side` is the party who took the step (the
 * proposer proposes and withdraws, the other party accepts or declines). Paid: the owner's money
 * for it arrived and is held with the deal's.
 */
type ChangeOrderEvent = (
  | { type: 'change_order.proposed'; description: string; amountCents: number; extraDays: number }
  | { type: 'change_order.accepted'; amountCents: number; extraDays: number }
  | { type: 'change_order.declined' }
  | { type: 'change_order.withdrawn' }
  /** number: the change order's place on the deal page ("Change order 1"), for the owner's receipt; documentId: that receipt. */
  | { type: 'change_order.paid'; amountCents: number; number?: number; documentId?: number }
) & { changeOrderId: number; side: ChangeOrderProposer } & DealFields;

interface MilestoneFields {
  projectId: number;
  projectName: string;
  milestoneId: number;
  milestoneTitle: string;
  ownerId: number;
  finisherId: number;
}
// One union member per type (the intersection distributes), so handlers see each type's fields.
type MilestoneEvent = (
  | { type: 'milestone.added' }
  | { type: 'milestone.completed'; note: string; reviewDueAt: string | null; files?: AttachmentSummary[] }
  /** payout: what the finisher is owed now and whether a payout account can take it (issue 28, item 2). */
  | { type: 'milestone.approved'; automatic: boolean; payout?: { amountCents: number; isAccountReady: boolean } }
  | { type: 'milestone.sent_back'; feedback: string }
) &
  MilestoneFields;

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/**
 * Runs inside the transaction that records the event: its writes commit or roll back with the change.
 * `record` lets a handler record its own events in that transaction (how one feature's step asks
 * another to act without importing it: docs/decisions/045-feature-homes-and-no-cycle.md).
 */
export type RecordHandler<E> = (event: E, tx: Tx, record: RecordEvent) => Promise<void>;
/** Runs after the transaction committed: live pushes, e-mail, anything that must not see a rollback. */
type CommitHandler<E> = (event: E) => void | Promise<void>;

export type RecordEvent = (event: DomainEvent) => Promise<void>;

export type AfterCommitWork = (events: DomainEvents) => void | Promise<void>;

/** Work registered from inside a DomainEvents transaction, run once that transaction commits. */
const afterCommitByTx = new WeakMap<Tx, AfterCommitWork[]>();

/**
 * Runs `work` once the DomainEvents transaction `db` belongs to has committed, and never if it
 * rolls back. Answers false (and does nothing) when `db` is not such a transaction.
 */
export function runAfterCommit(db: DbOrTx, work: AfterCommitWork): boolean {
  const pending = afterCommitByTx.get(db as Tx);
  if (!pending) return false;
  pending.push(work);
  return true;
}

/**
 * The one in-process event bus. A service records events inside its transaction; handlers that
 * write rows (notifications) run in that same transaction, so a change and its notifications are
 * stored together or not at all; commit handlers run only once the change is committed.
 */
export class DomainEvents {
  private readonly recordHandlers = new Map<DomainEventType, RecordHandler<DomainEvent>[]>();
  private readonly commitHandlers = new Map<DomainEventType, CommitHandler<DomainEvent>[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  onRecord<T extends DomainEventType>(type: T, handler: RecordHandler<EventOf<T>>): void {
    const list = this.recordHandlers.get(type) ?? [];
    list.push(handler as RecordHandler<DomainEvent>);
    this.recordHandlers.set(type, list);
  }

  onCommit<T extends DomainEventType>(type: T, handler: CommitHandler<EventOf<T>>): void {
    const list = this.commitHandlers.get(type) ?? [];
    list.push(handler as CommitHandler<DomainEvent>);
    this.commitHandlers.set(type, list);
  }

  /** Runs `work` in a transaction with a `record` function; commit handlers run after it commits. */
  async transaction<T>(db: Db, work: (tx: Tx, record: RecordEvent) => Promise<T>): Promise<T> {
    const recorded: DomainEvent[] = [];
    const afterCommit: AfterCommitWork[] = [];
    const result = await db.transaction(async (tx) => {
      afterCommitByTx.set(tx, afterCommit);
      const record: RecordEvent = async (event) => {
        for (const handler of this.recordHandlers.get(event.type) ?? []) await handler(event, tx, record);
        recorded.push(event);
      };
      return work(tx, record);
    });
    // The change is committed: a failing side effect is logged, never turned into a failed request.
    for (const task of afterCommit) await this.safely('after-commit work failed', () => task(this));
    for (const event of recorded) {
      for (const handler of this.commitHandlers.get(event.type) ?? []) {
        await this.safely(`domain event handler failed (${event.type})`, () => handler(event));
      }
    }
    return result;
  }

  /**
   * For a change that needs no transaction: one autocommitted statement (a data-modifying CTE)
   * writes the change together with what the event type's record handlers would have written in
   * a transaction, the handlers it `covers`. `write` runs that statement and answers the event,
   * the after-commit work of the rows it wrote (their live delivery) and the caller's result; then,
   * as after transaction()'s commit, that work runs and the event's commit handlers follow.
   * Refuses before writing when the type has a record handler the statement does not cover: that
   * handler's write would be skipped without a word.
   */
  async inOneStatement<T extends DomainEventType, R>(
    type: T,
    covers: readonly RecordHandler<EventOf<T>>[],
    write: () => Promise<{ event: EventOf<T>; afterCommit: AfterCommitWork[]; result: R }>,
  ): Promise<R> {
    const uncovered = (this.recordHandlers.get(type) ?? []).filter((handler) => !covers.includes(handler as RecordHandler<EventOf<T>>));
    if (uncovered.length > 0) throw new Error(`${type} has ${uncovered.length} record handler(s) that one statement would skip: record it in a transaction`);
    const { event, afterCommit, result } = await write();
    for (const task of afterCommit) await this.safely('after-commit work failed', () => task(this));
    for (const handler of this.commitHandlers.get(type) ?? []) {
      await this.safely(`domain event handler failed (${type})`, () => handler(event));
    }
    return result;
  }

  private async safely(message: string, task: () => void | Promise<void>): Promise<void> {
    try {
      await task();
    } catch (error) {
      this.log.error({ err: error }, message);
    }
  }
}
