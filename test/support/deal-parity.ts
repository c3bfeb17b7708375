import type { LightMyRequestResponse } from 'fastify';
import { and, eq, like, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '#server/db/schema/jobs.js';
import { dealJobKindPrefix, dealJobSubject } from '#shared/domain/deal-timer-job.js';
import type { DealAction } from '#shared/domain/deal-machine.js';
import { DAY_MS } from './clock.js';
import { createDealWorld, DISPUTE_REASON, type DealWorld } from './deal.js';
import type { client } from './http.js';

/**
 * The deal machine's parity harness (issue 27, item 1): builders that bring a deal to each stage it
 * can reach through the real API (payments through the sandbox's hosted checkout, time through the
 * test clock and the deal timers' sweep, never a sleep), and every deal action performed through its
 * route as each kind of caller. The parity test asks the machine and the server the same question.
 */

type Api = ReturnType<typeof client>;

/** Who performs an action: the deal's two parties, an operator, and three who are no party. */
export const parityCallers = ['owner', 'finisher', 'operator', 'stranger', 'losingFinisher', 'visitor'] as const;
export type ParityCaller = (typeof parityCallers)[number];
/** The callers the machine answers for; the others are refused every action. */
export const machineSides = ['owner', 'finisher', 'operator'] as const satisfies readonly ParityCaller[];

/** A deal brought to a stage: the ids an action's route needs. */
export interface StagedDeal {
  projectId: number;
  bidId: number;
  losingBidId: number;
  disputeId: number | null;
  /** Each side's latest offer in the dispute. */
  offers: { owner: number | null; finisher: number | null };
  changeOrderId: number | null;
  milestoneId: number | null;
}

const objection = 'The work is nearly done and was on time; I object to the refund.';
const revisionReason = 'The login form still fails on mobile.';

export type ParityWorld = Awaited<ReturnType<typeof createParityWorld>>;

/** A deal world (createDealWorld) with an operator, an onboarded finisher, and the stage builders. */
export async function createParityWorld() {
  // Each deal takes two bids: the hourly bid limit is not what this test is about.
  const w: DealWorld = await createDealWorld({ BIDS_PER_HOUR: '100000' });
  await w.onboardFinisher();
  const { user: operatorUser, api: operator } = await w.signInOperator();
  const config = w.t.config;
  /**
   * Moves the clock past a window for one deal and fires what fell due. The file's other deals are
   * done with by then (each stage is judged before the next is built), so their pending timers are
   * dropped first: without that, every jump would fire the timers of every deal built before it,
   * and the file would slow down with each stage.
   */
  async function passTime(deal: StagedDeal, ms: number) {
    await w.t.database.db
      .delete(jobs)
      .where(and(eq(jobs.state, 'due'), like(jobs.kind, `${dealJobKindPrefix}%`), ne(jobs.subject, dealJobSubject(deal.projectId))));
    w.clock.advance(ms);
    while ((await w.t.app.sweepDealTimers()) > 0);
  }
  const ok = (response: LightMyRequestResponse, what: string, status = [200, 201]) =>
    expect(status, `${what}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);

  const apiOf: Record<ParityCaller, Api> = {
    owner: w.cast.owner.api,
    finisher: w.cast.finisher.api,
    operator,
    stranger: w.cast.otherSubmitter.api,
    losingFinisher: w.cast.otherFinisher.api,
    visitor: w.cast.visitor.api,
  };

  const staged = (deal: { projectId: number; bidId: number }, losingBidId: number): StagedDeal => ({
    ...deal,
    losingBidId,
    disputeId: null,
    offers: { owner: null, finisher: null },
    changeOrderId: null,
    milestoneId: null,
  });

  async function losingBidOf(projectId: number): Promise<number> {
    const detail = (await w.cast.otherFinisher.api.get(`/api/projects/${projectId}`)).json();
    const bid = detail.bids.find((b: { finisher?: { id: number }; finisherId?: number }) => (b.finisher?.id ?? b.finisherId) === w.cast.otherFinisher.user.id);
    return bid.id as number;
  }

  async function accepted(): Promise<StagedDeal> {
    const deal = await w.acceptedDeal();
    return staged(deal, await losingBidOf(deal.projectId));
  }
  async function paid(): Promise<StagedDeal> {
    const deal = await accepted();
    ok(await w.payBid(deal.bidId), 'pay');
    return deal;
  }
  async function delivered(): Promise<StagedDeal> {
    const deal = await paid();
    ok(await w.deliver(deal.projectId), 'deliver');
    return deal;
  }
  async function revisionRequested(): Promise<StagedDeal> {
    const deal = await delivered();
    ok(await w.requestRevision(deal.projectId, revisionReason), 'request a revision');
    return deal;
  }
  async function overdue(): Promise<StagedDeal> {
    const deal = await paid();
    await passTime(deal, 7 * DAY_MS + config.deal.deliveryGraceMs + 60_000);
    return deal;
  }
  async function cancellationRequested(): Promise<StagedDeal> {
    const deal = await paid();
    ok(await w.cancel(deal.projectId), 'cancel');
    return deal;
  }
  async function workAccepted(): Promise<StagedDeal> {
    const deal = await delivered();
    ok(await w.cast.owner.api.post(`/api/projects/${deal.projectId}/accept`, { accepted: true }), 'accept the work');
    return deal;
  }

  async function withDispute(deal: StagedDeal, openedBy: 'owner' | 'finisher', finisherAmountCents = 20_000): Promise<StagedDeal> {
    const response = await apiOf[openedBy].post(`/api/projects/${deal.projectId}/disputes`, { reason: DISPUTE_REASON, finisherAmountCents });
    ok(response, 'open a dispute');
    return withDisputeRead({ ...deal, disputeId: response.json().id });
  }
  /** Reads the dispute's latest offers into the staged deal. */
  async function withDisputeRead(deal: StagedDeal): Promise<StagedDeal> {
    const dispute = (await w.cast.owner.api.get(`/api/disputes/${deal.disputeId}`)).json();
    const latest = (side: 'owner' | 'finisher') => (dispute.offers as { id: number; side: string }[]).filter((o) => o.side === side).at(-1)?.id ?? null;
    return { ...deal, offers: { owner: latest('owner'), finisher: latest('finisher') } };
  }
  async function disputeOffer(deal: StagedDeal, side: 'owner' | 'finisher', finisherAmountCents: number): Promise<StagedDeal> {
    ok(await apiOf[side].post(`/api/disputes/${deal.disputeId}/offers`, { finisherAmountCents }), 'offer');
    return withDisputeRead(deal);
  }
  async function escalated(deal: StagedDeal): Promise<StagedDeal> {
    ok(await w.cast.owner.api.post(`/api/disputes/${deal.disputeId}/escalate`), 'escalate');
    return deal;
  }
  async function ruled(deal: StagedDeal, finisherAmountCents: number): Promise<StagedDeal> {
    ok(
      await operator.post(`/api/operator/disputes/${deal.disputeId}/ruling`, {
        finisherAmountCents,
        decision: 'The work was delivered in part; the split follows what runs.',
      }),
      'rule',
    );
    return deal;
  }

  async function withMilestone(deal: StagedDeal): Promise<StagedDeal> {
    const response = await w.cast.owner.api.post(`/api/projects/${deal.projectId}/milestones`, { title: 'The login flow', amount: 200 });
    ok(response, 'add a milestone');
    return { ...deal, milestoneId: response.json().id };
  }
  async function completedMilestone(deal: StagedDeal): Promise<StagedDeal> {
    ok(await w.cast.finisher.api.post(`/api/milestones/${deal.milestoneId}/complete`, { note: 'The login flow works.' }), 'complete a milestone');
    return deal;
  }
  async function withChangeOrder(deal: StagedDeal, proposedBy: 'owner' | 'finisher', amount = 100): Promise<StagedDeal> {
    const response = await apiOf[proposedBy].post(`/api/projects/${deal.projectId}/change-orders`, {
      description: 'Add a CSV export to the reports page.',
      amount,
      extraDays: 2,
    });
    ok(response, 'propose a change order');
    return { ...deal, changeOrderId: response.json().id };
  }
  async function payChangeOrder(deal: StagedDeal): Promise<StagedDeal> {
    const { checkoutUrl } = (await w.cast.owner.api.post(`/api/change-orders/${deal.changeOrderId}/pay`)).json();
    ok(
      await w.cast.visitor.api.post(`/api/sandbox/checkout-sessions/${checkoutUrl.replace('/sandbox/checkout/', '')}/pay`, {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      }),
      'pay a change order',
    );
    return deal;
  }

  /**
   * Every stage the parity table walks, by name: a builder that brings a fresh deal there. Each call
   * builds a new deal (a mutating action gets its own).
   */
  const stages = {
    // Before the money: the accepted bid waits for its payment (decision 037).
    awaitingPayment: accepted,
    awaitingPaymentWithMilestone: async () => withMilestone(await accepted()),
    paymentLapsed: async () => {
      const deal = await accepted();
      await passTime(deal, config.deal.paymentWindowMs + 60_000);
      return deal;
    },
    cancelledBeforePayment: async () => {
      const deal = await accepted();
      ok(await w.cancel(deal.projectId), 'cancel');
      return deal;
    },
    // The money is held; the work goes on.
    inProgress: paid,
    deliveryOverdue: overdue,
    delivered,
    revisionRequested,
    redelivered: async () => {
      const deal = await revisionRequested();
      ok(await w.deliver(deal.projectId, 'Fixed the login form on mobile.'), 'deliver again');
      return deal;
    },
    // The end of a deal that went well.
    workAccepted,
    workAutoAccepted: async () => {
      const deal = await delivered();
      await passTime(deal, config.deal.reviewWindowMs + 60_000);
      return deal;
    },
    reviewedByOwner: async () => {
      const deal = await workAccepted();
      ok(await w.cast.owner.api.post(`/api/projects/${deal.projectId}/reviews`, { rating: 5, comment: 'Finished on time.' }), 'review');
      return deal;
    },
    // Cancelling a paid deal (decision 027).
    cancellationRequested,
    cancellationAgreed: async () => {
      const deal = await cancellationRequested();
      ok(await w.cast.finisher.api.post(`/api/projects/${deal.projectId}/cancellation/agree`), 'agree to the cancellation');
      return deal;
    },
    cancellationTimedOut: async () => {
      const deal = await cancellationRequested();
      await passTime(deal, config.deal.cancelResponseWindowMs + 60_000);
      return deal;
    },
    cancelledAfterDeadline: async () => {
      const deal = await overdue();
      ok(await w.cancel(deal.projectId), 'cancel past the deadline');
      return deal;
    },
    // An objection with money held opens a dispute at the cancellation stage (issue 15, rule 1).
    cancellationObjected: async () => {
      const deal = await cancellationRequested();
      const response = await w.cast.finisher.api.post(`/api/projects/${deal.projectId}/cancellation/object`, { reason: objection });
      ok(response, 'object to the cancellation');
      const dealView = await w.deal(deal.projectId);
      return withDisputeRead({ ...deal, disputeId: dealView.dispute.id });
    },
    // Disputes (decision 029), each step the parties and the operator can reach.
    disputeOpenedByOwner: async () => withDispute(await delivered(), 'owner'),
    disputeOpenedByFinisher: async () => withDispute(await delivered(), 'finisher', 60_000),
    disputeAfterRevision: async () => withDispute(await revisionRequested(), 'owner'),
    disputeResponded: async () => disputeOffer(await withDispute(await delivered(), 'owner'), 'finisher', 60_000),
    disputeWithOperator: async () => escalated(await disputeOffer(await withDispute(await delivered(), 'owner'), 'finisher', 60_000)),
    disputeEscalatedByTimeout: async () => {
      const deal = await disputeOffer(await withDispute(await delivered(), 'owner'), 'finisher', 60_000);
      await passTime(deal, config.dispute.negotiationWindowMs + 60_000);
      return deal;
    },
    disputeRuledForFinisher: async () => ruled(await escalated(await disputeOffer(await withDispute(await delivered(), 'owner'), 'finisher', 60_000)), 30_000),
    disputeRuledForOwner: async () => ruled(await escalated(await disputeOffer(await withDispute(await delivered(), 'owner'), 'finisher', 60_000)), 0),
    disputeSettledByAcceptance: async () => {
      const deal = await disputeOffer(await withDispute(await delivered(), 'owner'), 'finisher', 60_000);
      ok(await w.cast.owner.api.post(`/api/disputes/${deal.disputeId}/offers/${deal.offers.finisher}/accept`), 'accept an offer');
      return deal;
    },
    disputeSettledBySilence: async () => {
      const deal = await withDispute(await delivered(), 'owner');
      await passTime(deal, config.dispute.responseWindowMs + 60_000);
      return deal;
    },
    // Milestones of a paid deal.
    milestonePending: async () => withMilestone(await paid()),
    milestoneCompleted: async () => completedMilestone(await withMilestone(await paid())),
    milestoneApproved: async () => {
      const deal = await completedMilestone(await withMilestone(await paid()));
      ok(await w.cast.owner.api.post(`/api/milestones/${deal.milestoneId}/approve`), 'approve a milestone');
      return deal;
    },
    // Change orders of a paid deal (decision 034).
    changeOrderProposedByOwner: async () => withChangeOrder(await paid(), 'owner'),
    changeOrderProposedByFinisher: async () => withChangeOrder(await paid(), 'finisher'),
    changeOrderAcceptedUnpaid: async () => {
      const deal = await withChangeOrder(await paid(), 'finisher');
      ok(await w.cast.owner.api.post(`/api/change-orders/${deal.changeOrderId}/accept`), 'accept a change order');
      return deal;
    },
    changeOrderPaid: async () => {
      const deal = await withChangeOrder(await paid(), 'finisher');
      ok(await w.cast.owner.api.post(`/api/change-orders/${deal.changeOrderId}/accept`), 'accept a change order');
      return payChangeOrder(deal);
    },
    changeOrderDeclined: async () => {
      const deal = await withChangeOrder(await paid(), 'owner');
      ok(await w.cast.finisher.api.post(`/api/change-orders/${deal.changeOrderId}/decline`), 'decline a change order');
      return deal;
    },
    // Item steps once the deal stopped being live: the machine's deal-level refusals, asked of the items' routes.
    changeOrderProposedThenDisputed: async () => {
      const deal = await withChangeOrder(await paid(), 'owner');
      ok(await w.deliver(deal.projectId), 'deliver');
      return withDispute(deal, 'owner');
    },
    changeOrderProposedThenCancelled: async () => {
      const deal = await withChangeOrder(await paid(), 'finisher');
      ok(await w.cancel(deal.projectId), 'cancel');
      return deal;
    },
    changeOrderAcceptedThenWorkAccepted: async () => {
      const deal = await withChangeOrder(await paid(), 'finisher');
      ok(await w.cast.owner.api.post(`/api/change-orders/${deal.changeOrderId}/accept`), 'accept a change order');
      ok(await w.deliver(deal.projectId), 'deliver');
      ok(await w.cast.owner.api.post(`/api/projects/${deal.projectId}/accept`, { accepted: true }), 'accept the work');
      return deal;
    },
    milestoneCompletedThenDelivered: async () => {
      const deal = await completedMilestone(await withMilestone(await paid()));
      ok(await w.deliver(deal.projectId), 'deliver');
      return deal;
    },
    milestoneCompletedThenDisputed: async () => {
      const deal = await completedMilestone(await withMilestone(await paid()));
      ok(await w.deliver(deal.projectId), 'deliver');
      return withDispute(deal, 'finisher', 60_000);
    },
    // The card holder's bank disputes the payment (issue 26): the deal's own dispute cannot open.
    cardDisputeOpen: async () => {
      const deal = await delivered();
      const payment = await w.paymentOf(deal.bidId);
      ok(await w.cast.owner.api.post(`/api/sandbox/payments/${payment.id}/card-dispute`, { action: 'open' }), 'open a card dispute');
      return deal;
    },
  } satisfies Record<string, () => Promise<StagedDeal>>;

  return { w, operator, operatorUser, apiOf, stages };
}

export type ParityStage = keyof ParityWorld['stages'];

/** What the server answered an action: its status, and the error code of a refusal. */
export interface ServerAnswer {
  status: number;
  code: string | null;
  message: string | null;
}

/** The action could not be asked of the server: the stage has nothing it acts on (no dispute, milestone, change order or offer). */
export interface NoTarget {
  noTarget: string;
}

export const isNoTarget = (answer: object): answer is NoTarget => 'noTarget' in answer;

type Perform = (api: Api, deal: StagedDeal, caller: ParityCaller) => Promise<LightMyRequestResponse> | NoTarget;

const needs = <T>(value: T | null, what: string, then: (value: T) => ReturnType<Perform>): ReturnType<Perform> =>
  value === null ? { noTarget: what } : then(value);

/** The side whose offer a caller would accept: the other side's; for a no-party caller, whichever exists. */
function offerToAccept(deal: StagedDeal, caller: ParityCaller): number | null {
  if (caller === 'owner') return deal.offers.finisher;
  if (caller === 'finisher') return deal.offers.owner;
  return deal.offers.finisher ?? deal.offers.owner;
}

/**
 * Every deal action, each through its real route, with a body the route accepts: a refusal is
 * then about the deal, never about the input.
 */
export const dealActionRoutes = {
  pay: (api, d) => api.post(`/api/bids/${d.bidId}/pay`, {}),
  deliver: (api, d) => api.post(`/api/projects/${d.projectId}/complete`, { deliveryMessage: 'All done, see the README.' }),
  accept_work: (api, d) => api.post(`/api/projects/${d.projectId}/accept`, { accepted: true }),
  request_revision: (api, d) => api.post(`/api/projects/${d.projectId}/accept`, { accepted: false, reason: revisionReason }),
  cancel: (api, d) => api.patch(`/api/projects/${d.projectId}/status`, { status: 'cancelled' }),
  agree_to_cancellation: (api, d) => api.post(`/api/projects/${d.projectId}/cancellation/agree`),
  object_to_cancellation: (api, d) => api.post(`/api/projects/${d.projectId}/cancellation/object`, { reason: objection }),
  open_dispute: (api, d) => api.post(`/api/projects/${d.projectId}/disputes`, { reason: DISPUTE_REASON, finisherAmountCents: 10_000 }),
  add_dispute_evidence: (api, d) =>
    needs(d.disputeId, 'dispute', (id) => api.post(`/api/disputes/${id}/evidence`, { statement: 'The build log of a clean clone.' })),
  make_dispute_offer: (api, d) => needs(d.disputeId, 'dispute', (id) => api.post(`/api/disputes/${id}/offers`, { finisherAmountCents: 40_000 })),
  accept_dispute_offer: (api, d, caller) =>
    needs(d.disputeId, 'dispute', (id) => needs(offerToAccept(d, caller), 'offer', (offerId) => api.post(`/api/disputes/${id}/offers/${offerId}/accept`))),
  escalate_dispute: (api, d) => needs(d.disputeId, 'dispute', (id) => api.post(`/api/disputes/${id}/escalate`)),
  rule_dispute: (api, d) =>
    needs(d.disputeId, 'dispute', (id) =>
      api.post(`/api/operator/disputes/${id}/ruling`, { finisherAmountCents: 25_000, decision: 'Half of the work runs; the split follows it.' }),
    ),
  propose_change_order: (api, d) =>
    api.post(`/api/projects/${d.projectId}/change-orders`, { description: 'Add a PDF export to the reports page.', amount: 50, extraDays: 1 }),
  accept_change_order: (api, d) => needs(d.changeOrderId, 'change order', (id) => api.post(`/api/change-orders/${id}/accept`)),
  decline_change_order: (api, d) => needs(d.changeOrderId, 'change order', (id) => api.post(`/api/change-orders/${id}/decline`)),
  withdraw_change_order: (api, d) => needs(d.changeOrderId, 'change order', (id) => api.post(`/api/change-orders/${id}/withdraw`)),
  pay_change_order: (api, d) => needs(d.changeOrderId, 'change order', (id) => api.post(`/api/change-orders/${id}/pay`)),
  add_milestone: (api, d) => api.post(`/api/projects/${d.projectId}/milestones`, { title: 'The reports page', amount: 100 }),
  edit_milestone: (api, d) => needs(d.milestoneId, 'milestone', (id) => api.patch(`/api/milestones/${id}`, { title: 'The login and signup flow' })),
  remove_milestone: (api, d) => needs(d.milestoneId, 'milestone', (id) => api.delete(`/api/milestones/${id}`)),
  complete_milestone: (api, d) => needs(d.milestoneId, 'milestone', (id) => api.post(`/api/milestones/${id}/complete`, { note: 'The login flow works.' })),
  approve_milestone: (api, d) => needs(d.milestoneId, 'milestone', (id) => api.post(`/api/milestones/${id}/approve`)),
  send_back_milestone: (api, d) =>
    needs(d.milestoneId, 'milestone', (id) => api.post(`/api/milestones/${id}/send-back`, { feedback: 'The signup half is missing.' })),
  leave_review: (api, d) => api.post(`/api/projects/${d.projectId}/reviews`, { rating: 4, comment: 'A fair deal.' }),
} satisfies Record<DealAction, Perform>;

export type ParityAction = keyof typeof dealActionRoutes;
export const parityActions = Object.keys(dealActionRoutes) as ParityAction[];

/** A client that sends nothing: asking a route with it tells whether the stage has what the action acts on. */
const dryClient: Api = {
  get: () => Promise.reject(new Error('a dry run sends nothing')),
  post: () => Promise.reject(new Error('a dry run sends nothing')),
  patch: () => Promise.reject(new Error('a dry run sends nothing')),
  delete: () => Promise.reject(new Error('a dry run sends nothing')),
};

/** What the action would act on and the staged deal lacks (no dispute, offer, milestone or change order), or null. */
export function missingTarget(action: ParityAction, caller: ParityCaller, deal: StagedDeal): string | null {
  const sent = (dealActionRoutes[action] as Perform)(dryClient, deal, caller);
  if (isNoTarget(sent)) return sent.noTarget;
  sent.then(undefined, () => undefined);
  return null;
}

/** Performs one action as one caller on a staged deal; answers the server's status and refusal code, or why it could not be asked. */
export async function performAction(world: ParityWorld, action: ParityAction, caller: ParityCaller, deal: StagedDeal): Promise<ServerAnswer | NoTarget> {
  const sent = (dealActionRoutes[action] as Perform)(world.apiOf[caller], deal, caller);
  if (isNoTarget(sent)) return sent;
  const response = await sent;
  if (response.statusCode < 400) return { status: response.statusCode, code: null, message: null };
  const body = response.json() as { code?: string; message?: string };
  return { status: response.statusCode, code: body.code ?? null, message: body.message ?? null };
}
