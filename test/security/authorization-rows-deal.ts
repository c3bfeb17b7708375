import { SANDBOX_CARD_SUCCESS } from '#server/integrations/payments/sandbox-provider.js';
import { escalateWorldDispute, everyone, idOf, only, openCheckout, openOnboarding, paymentIdOf, type Row } from './authorization-cells.js';

/**
 * The authorization matrix's rows for the deal after a bid is accepted: its clock and
 * cancellation, change orders, disputes and the operator's queue, payments and the payment
 * sandbox (see authorization-matrix.test.ts for what a row is and how it is judged).
 */

/** Sandbox hosted pages: the signed id in the path is the capability; who is signed in plays no part. */
const sandboxReveals = ['bid amount'];
/** What a dispute's page shows: the deal's amount and the proposal it was agreed on. */
const disputeSecrets = ['bid amount', 'bid message', 'bid timeline'];

export const dealRows: Row[] = [
  // The deal clock (decision 027): the two parties read the deal; only the assigned finisher answers a
  // cancellation (409 here: nothing was cancelled; deal-cancellation.test.ts answers open requests).
  {
    route: 'GET /api/projects/:id/deal',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid amount'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/deal` }),
  },
  // Money records (issue 31): the two parties and any operator read where the deal's money went.
  {
    route: 'GET /api/projects/:id/ledger',
    expect: only({ owner: 200, bidder: 200, operator: 200 }),
    shows: ['bid amount', 'payment intent id'],
    operatorSees: ['bid amount', 'payment intent id'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/ledger` }),
  },
  {
    route: 'POST /api/projects/:id/cancellation/agree',
    expect: only({ bidder: 409 }),
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/cancellation/agree` }),
  },
  {
    route: 'POST /api/projects/:id/cancellation/object',
    expect: only({ bidder: 409 }),
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/cancellation/object`, payload: { reason: 'The work is nearly done and on time.' } }),
  },
  // Change orders (decision 034): the two parties propose and read; the party who did not propose
  // answers, the proposer withdraws, the owner pays. Operators are refused on each (change-orders.test.ts).
  {
    route: 'POST /api/projects/:id/change-orders',
    expect: only({ owner: 201, bidder: 201 }),
    request: (w) => ({
      url: `/api/projects/${w.underWay.project.id}/change-orders`,
      payload: { description: 'Add an audit log to the admin page.', amount: 150, extraDays: 2 },
    }),
  },
  {
    route: 'GET /api/projects/:id/change-orders',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['change order description'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/change-orders` }),
  },
  {
    route: 'POST /api/change-orders/:changeOrderId/accept',
    expect: only({ bidder: 200 }),
    shows: ['change order description'],
    request: (w) => ({ url: `/api/change-orders/${w.underWay.ownerChangeOrderId}/accept` }),
  },
  {
    route: 'POST /api/change-orders/:changeOrderId/decline',
    expect: only({ bidder: 200 }),
    shows: ['change order description'],
    request: (w) => ({ url: `/api/change-orders/${w.underWay.ownerChangeOrderId}/decline` }),
  },
  {
    route: 'POST /api/change-orders/:changeOrderId/withdraw',
    expect: only({ owner: 200 }),
    shows: ['change order description'],
    request: (w) => ({ url: `/api/change-orders/${w.underWay.ownerChangeOrderId}/withdraw` }),
  },
  {
    route: 'POST /api/change-orders/:changeOrderId/pay',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/change-orders/${w.underWay.acceptedChangeOrderId}/pay`, payload: {} }),
  },
  // Disputes (decision 029): the two parties act; operators read every dispute (each read audited) and
  // rule once a dispute is sent to them, never acting as a party; everyone else is refused.
  {
    route: 'POST /api/projects/:id/disputes',
    expect: only({ owner: 409, bidder: 409 }),
    request: (w) => ({
      url: `/api/projects/${w.underWay.project.id}/disputes`,
      payload: { reason: 'The delivery does not build at all.', finisherAmountCents: 0 },
    }),
  },
  {
    route: 'GET /api/disputes/:id',
    expect: only({ owner: 200, bidder: 200, operator: 200 }),
    shows: disputeSecrets,
    operatorSees: disputeSecrets,
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}` }),
  },
  {
    route: 'POST /api/disputes/:id/evidence',
    expect: only({ owner: 201, bidder: 201 }),
    shows: disputeSecrets,
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/evidence`, payload: { statement: 'The build log is attached.' } }),
  },
  {
    route: 'GET /api/disputes/:id/evidence/:evidenceId/file',
    expect: only({ owner: 404, bidder: 404, operator: 404 }),
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/evidence/2147483647/file` }),
  },
  {
    route: 'POST /api/disputes/:id/offers',
    expect: only({ owner: 201, bidder: 201 }),
    shows: disputeSecrets,
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/offers`, payload: { finisherAmountCents: 100 } }),
  },
  {
    route: 'POST /api/disputes/:id/offers/:offerId/accept',
    expect: only({ owner: 409, bidder: 200 }),
    shows: disputeSecrets,
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/offers/${w.dispute.ownerOfferId}/accept` }),
  },
  {
    route: 'POST /api/disputes/:id/escalate',
    expect: only({ owner: 200, bidder: 200 }),
    shows: disputeSecrets,
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/escalate` }),
  },
  // The operator's queue and ruling, on the world's dispute once the owner sent it to the operator.
  {
    route: 'GET /api/operator/disputes',
    expect: only({ operator: 200 }),
    shows: ['bid amount'],
    operatorSees: ['bid amount'],
    request: async (w, m) => {
      await escalateWorldDispute(m, w);
      return { url: '/api/operator/disputes' };
    },
  },
  // Durable jobs (decision 042): operators see what is due, running and failed; nobody else.
  {
    route: 'GET /api/operator/jobs',
    expect: only({ operator: 200 }),
    request: () => ({ url: '/api/operator/jobs' }),
  },
  {
    route: 'POST /api/operator/disputes/:id/ruling',
    expect: only({ operator: 200 }),
    shows: disputeSecrets,
    operatorSees: disputeSecrets,
    request: async (w, m) => ({
      url: `/api/operator/disputes/${await escalateWorldDispute(m, w)}/ruling`,
      payload: { finisherAmountCents: 0, decision: 'The owner is right about the build.' },
    }),
  },

  // Payments. Payout accounts are finishers' own; submitters have none.
  {
    route: 'POST /api/bids/:bidId/pay',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/bids/${w.assigned.bidId}/pay`, payload: { accept: true } }),
  },
  {
    route: 'GET /api/projects/:id/payment',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid amount'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/payment` }),
  },
  {
    route: 'POST /api/stripe/create-connect-account',
    expect: only({ bidder: 200 }),
    request: (w) => ({ url: '/api/stripe/create-connect-account', payload: { userId: idOf(w, 'bidder') } }),
  },
  {
    route: 'POST /api/stripe/check-onboarding-status',
    expect: only({ bidder: 200 }),
    request: (w) => ({ url: '/api/stripe/check-onboarding-status', payload: { userId: idOf(w, 'bidder') } }),
  },
  // The provider's signature is the only credential; a session cookie is no substitute.
  {
    route: 'POST /api/stripe/webhook',
    expect: everyone(400),
    request: () => ({ url: '/api/stripe/webhook', payload: '{"type":"checkout.session.completed"}', headers: { 'content-type': 'application/json' } }),
  },
  {
    route: 'GET /api/sandbox/checkout-sessions/:id',
    expect: everyone(200),
    capabilityReveals: sandboxReveals,
    request: async (w, m) => ({ url: `/api/sandbox/checkout-sessions/${await openCheckout(m.app, w)}` }),
  },
  {
    route: 'POST /api/sandbox/checkout-sessions/:id/pay',
    expect: everyone(200),
    capabilityReveals: sandboxReveals,
    request: async (w, m) => ({
      url: `/api/sandbox/checkout-sessions/${await openCheckout(m.app, w)}/pay`,
      payload: { cardNumber: SANDBOX_CARD_SUCCESS, expiry: '12/40', cvc: '123' },
    }),
  },
  {
    route: 'GET /api/sandbox/onboarding/:id',
    expect: everyone(200),
    request: async (w, m) => ({ url: `/api/sandbox/onboarding/${await openOnboarding(m.app, w)}` }),
  },
  {
    route: 'POST /api/sandbox/onboarding/:id/complete',
    expect: everyone(200),
    request: async (w, m) => ({ url: `/api/sandbox/onboarding/${await openOnboarding(m.app, w)}/complete` }),
  },
  // Playing a chargeback: a guessable payment id, so a session counts: the card holder (the owner), or an operator.
  {
    route: 'POST /api/sandbox/payments/:paymentId/card-dispute',
    expect: only({ owner: 200, operator: 200 }),
    request: async (w, m) => ({ url: `/api/sandbox/payments/${await paymentIdOf(m, w.underWay.bidId)}/card-dispute`, payload: { action: 'open' } }),
  },
];
