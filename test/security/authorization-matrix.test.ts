import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/email.js';
import { payments } from '#server/db/schema/payments.js';
import { SANDBOX_CARD_SUCCESS } from '#server/integrations/payments/sandbox-provider.js';
import { TEST_PASSWORD } from '#test/support/factories.js';
import {
  everyone,
  idOf,
  type MatrixApp,
  only,
  openCheckout,
  openOnboarding,
  ownerSessionId,
  type Row,
  runCell,
  signedIn,
  uniqueText,
  startMatrixApp,
  type Statuses,
  uploadOwnerAvatar,
} from './authorization-cells.js';
import { type CallerName, callerNames, type SignedInName, type World } from './authorization-world.js';

/**
 * Issue 8: every route of the server, tried as every kind of caller, each on a world of its own.
 * A cell is the status that caller gets. Whatever the status, the response must not carry a
 * private value of the world that caller may not see (see `secrets` in authorization-world.ts),
 * and a refused request (4xx) must leave every row of the world as it was.
 */

const usernameOf = (world: World, name: SignedInName) => world.callers[name].user!.username;
const newProject = {
  name: 'A brand new project',
  description: 'A half-built application that needs a finisher to wire up the remaining features.',
  techStack: ['React'],
  codeLink: 'https://github.com/example/new-project',
};
const proposal = { amount: 900, timeline: 10, message: 'I have finished three apps like this one.' };

const sessionDevices = (['stranger', 'owner', 'bidder', 'otherFinisher'] as const).map((name) => `${name}'s session device`);

/** Sandbox hosted pages: the signed id in the path is the capability; who is signed in plays no part. */
const sandboxReveals = ['bid amount'];

const matrix: Row[] = [
  // Operations and the API description: public.
  { route: 'GET /api/health', expect: everyone(200), request: () => ({ url: '/api/health' }) },
  { route: 'GET /api/health/live', expect: everyone(200), request: () => ({ url: '/api/health/live' }) },
  { route: 'GET /api/health/ready', expect: everyone(200), request: () => ({ url: '/api/health/ready' }) },
  { route: 'GET /api/openapi.json', expect: everyone(200), request: () => ({ url: '/api/openapi.json' }) },

  // Accounts. Registering and logging in are open to anyone; they concern the newcomer, not the caller.
  ...['/api/register', '/api/auth/register'].map((url): Row => ({
    route: `POST ${url}`,
    expect: everyone(201),
    request: () => ({ url, payload: { username: `new${uniqueText()}`, email: `new${uniqueText()}@example.test`, password: TEST_PASSWORD } }),
  })),
  ...['/api/login', '/api/auth/login'].map((url): Row => ({
    route: `POST ${url}`,
    expect: everyone(200),
    request: (w) => ({ url, payload: { email: w.newcomer.email, password: TEST_PASSWORD } }),
  })),
  { route: 'POST /api/logout', expect: everyone(200), request: () => ({ url: '/api/logout' }) },
  { route: 'GET /api/user', expect: signedIn(200), request: () => ({ url: '/api/user' }) },
  // Who is signed in, null for a visitor: one's own account only, and nothing but a 200.
  { route: 'GET /api/session', expect: everyone(200), request: () => ({ url: '/api/session' }) },
  // Sessions and passwords: one's own only. Someone else's session id answers 404, like a missing one.
  { route: 'GET /api/sessions', expect: signedIn(200), shows: sessionDevices, request: () => ({ url: '/api/sessions' }) },
  {
    route: 'DELETE /api/sessions/:id',
    expect: only({ owner: 204 }, 404),
    request: async (w, app) => ({ url: `/api/sessions/${await ownerSessionId(app, w)}` }),
  },
  { route: 'POST /api/sessions/revoke-others', expect: signedIn(200), request: () => ({ url: '/api/sessions/revoke-others' }) },
  {
    route: 'POST /api/user/password',
    expect: signedIn(200),
    request: () => ({ url: '/api/user/password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'battery-staple' } }),
  },
  // Anyone may ask for a reset link; it goes to the account's mailbox, and the answer is the same for every address.
  {
    route: 'POST /api/password-reset/request',
    expect: everyone(202),
    request: (w) => ({ url: '/api/password-reset/request', payload: { email: w.callers.owner.user!.email } }),
  },
  // The emailed token is the only credential: a session is no substitute.
  {
    route: 'POST /api/password-reset/confirm',
    expect: everyone(400),
    request: () => ({ url: '/api/password-reset/confirm', payload: { token: 'not-a-reset-token', password: 'battery-staple' } }),
  },
  // Resending a confirmation link is one's own (decision 036): the world's accounts are confirmed, so 409 for each.
  { route: 'POST /api/account/email-verification', expect: signedIn(409), request: () => ({ url: '/api/account/email-verification', payload: {} }) },
  // Like a reset link, the emailed token is the only credential.
  {
    route: 'POST /api/account/email-verification/confirm',
    expect: everyone(400),
    request: () => ({ url: '/api/account/email-verification/confirm', payload: { token: 'not-a-verification-token' } }),
  },
  {
    route: 'PATCH /api/users/:id/profile',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/profile`, payload: { bio: 'Ships on Fridays.' } }),
  },

  // Email preferences: one's own only. The unsubscribe link's signed token is the only credential:
  // a session is no substitute, and a mail client posts it from anywhere (an invalid token is 400).
  {
    route: 'GET /api/users/:id/email-preferences',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/email-preferences` }),
  },
  {
    route: 'PATCH /api/users/:id/email-preferences',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/email-preferences`, payload: { reminders: false } }),
  },
  {
    route: 'POST /api/email/unsubscribe',
    expect: everyone(400),
    request: (w) => ({ url: `/api/email/unsubscribe?token=${idOf(w, 'owner')}.reminders.not-the-signature-of-it` }),
  },
  // The development outbox (no SMTP, outside production; the test app is such a server): every
  // mail to anyone who can reach a development server, as its log would. Production has no such route.
  { route: 'GET /dev/mail', expect: everyone(200), request: () => ({ url: '/dev/mail' }) },
  { route: 'GET /dev/mail/:id', expect: everyone(200), request: async () => ({ url: `/dev/mail/${await outboxMailId()}` }) },

  // Projects. The project page is public (spec section 1); the delivery message is not.
  { route: 'GET /api/projects', expect: everyone(200), request: () => ({ url: '/api/projects' }) },
  { route: 'GET /api/technologies', expect: everyone(200), request: () => ({ url: '/api/technologies' }) },
  {
    route: 'GET /api/projects/:id',
    expect: everyone(200),
    shows: ['delivery message', 'bid message', 'bid timeline', 'competing bid message', 'competing bid timeline'],
    request: (w) => ({ url: `/api/projects/${w.delivered.project.id}` }),
  },
  // Any signed-in user may submit; the spec only hides the button from finishers (section 6).
  { route: 'POST /api/projects', expect: signedIn(201), request: () => ({ url: '/api/projects', payload: newProject }) },
  {
    route: 'PATCH /api/projects/:id',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}`, payload: { name: 'A renamed open project' } }),
  },
  {
    route: 'GET /api/projects/:id/scope',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid message'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/scope` }),
  },
  {
    route: 'PATCH /api/projects/:id/status',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}/status`, payload: { status: 'paused' } }),
  },
  {
    route: 'POST /api/projects/:id/complete',
    expect: only({ bidder: 200 }),
    request: (w) => ({
      url: `/api/projects/${w.underWay.project.id}/complete`,
      payload: { deliveryMessage: 'Deployed and documented.', evidence: [{ criterionId: w.underWay.criterionId, note: 'https://example.com/build' }] },
    }),
  },
  {
    route: 'POST /api/projects/:id/accept',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/projects/${w.delivered.project.id}/accept`, payload: { accepted: true } }),
  },
  // The deal clock (decision 027): the two parties read the deal; only the assigned finisher answers a
  // cancellation (409 here: nothing was cancelled; deal-cancellation.test.ts answers open requests).
  {
    route: 'GET /api/projects/:id/deal',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid amount'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/deal` }),
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
  // Disputes (decision 029): the two parties act; everyone else is refused. The world has no operator
  // caller: disputes.test.ts tries operators on every dispute route (reading, never acting as a party,
  // ruling only on others' deals).
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
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid amount', 'bid message', 'bid timeline'],
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}` }),
  },
  {
    route: 'POST /api/disputes/:id/evidence',
    expect: only({ owner: 201, bidder: 201 }),
    shows: ['bid amount', 'bid message', 'bid timeline'],
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/evidence`, payload: { statement: 'The build log is attached.' } }),
  },
  {
    route: 'GET /api/disputes/:id/evidence/:evidenceId/file',
    expect: only({ owner: 404, bidder: 404 }),
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/evidence/2147483647/file` }),
  },
  {
    route: 'POST /api/disputes/:id/offers',
    expect: only({ owner: 201, bidder: 201 }),
    shows: ['bid amount', 'bid message', 'bid timeline'],
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/offers`, payload: { finisherAmountCents: 100 } }),
  },
  {
    route: 'POST /api/disputes/:id/offers/:offerId/accept',
    expect: only({ owner: 409, bidder: 200 }),
    shows: ['bid amount', 'bid message', 'bid timeline'],
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/offers/${w.dispute.ownerOfferId}/accept` }),
  },
  {
    route: 'POST /api/disputes/:id/escalate',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid amount', 'bid message', 'bid timeline'],
    request: (w) => ({ url: `/api/disputes/${w.dispute.id}/escalate` }),
  },
  { route: 'GET /api/operator/disputes', expect: signedIn(403), request: () => ({ url: '/api/operator/disputes' }) },
  {
    route: 'POST /api/operator/disputes/:id/ruling',
    expect: signedIn(403),
    request: (w) => ({
      url: `/api/operator/disputes/${w.dispute.id}/ruling`,
      payload: { finisherAmountCents: 0, decision: 'The owner is right about the build.' },
    }),
  },
  { route: 'GET /api/users/:id/projects', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/projects` }) },
  {
    route: 'GET /api/users/:id/total-spending',
    expect: only({ owner: 200 }),
    shows: ['bid amount'],
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/total-spending` }),
  },

  // Bids. Submitters cannot bid, the owner not on their own project, the bidder not twice.
  {
    route: 'POST /api/projects/:id/bids',
    expect: only({ bidder: 409, otherFinisher: 201 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}/bids`, payload: proposal }),
  },
  { route: 'POST /api/bids/:bidId/accept', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/accept` }) },
  // Issue 18: the bid's finisher edits or withdraws it; the owner declines or shortlists it.
  {
    route: 'PATCH /api/bids/:bidId',
    expect: only({ bidder: 200 }),
    shows: ['bid message'],
    request: (w) => ({ url: `/api/bids/${w.open.bidId}`, payload: { amount: 950 } }),
  },
  { route: 'POST /api/bids/:bidId/withdraw', expect: only({ bidder: 200 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/withdraw` }) },
  {
    route: 'POST /api/bids/:bidId/decline',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/decline`, payload: { reason: 'Another approach suits us better.' } }),
  },
  { route: 'POST /api/bids/:bidId/shortlist', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/shortlist`, payload: {} }) },
  {
    route: 'GET /api/bids/:id',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid message', 'bid amount', 'bid timeline'],
    request: (w) => ({ url: `/api/bids/${w.open.bidId}` }),
  },
  {
    route: 'GET /api/users/:id/bids',
    expect: only({ bidder: 200 }),
    shows: ['bid message'],
    request: (w) => ({ url: `/api/users/${idOf(w, 'bidder')}/bids` }),
  },

  // The chat of a bid: its project's owner and its finisher only.
  {
    route: 'POST /api/bids/:bidId/conversations',
    expect: only({ owner: 200, bidder: 200 }),
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/conversations` }),
  },
  {
    route: 'GET /api/bids/:id/messages',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ["owner's chat message", "bidder's chat message"],
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/messages` }),
  },
  {
    route: 'POST /api/bids/:id/messages',
    expect: only({ owner: 201, bidder: 201 }),
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/messages`, payload: { content: 'When can we talk?' } }),
  },
  {
    route: 'GET /api/users/:id/chats',
    expect: only({ owner: 200 }),
    shows: ["bidder's chat message"],
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/chats` }),
  },

  // Notifications: one's own only. Someone else's notification id answers 404, like a missing one.
  {
    route: 'GET /api/users/:id/notifications',
    expect: only({ owner: 200 }),
    shows: ["owner's notification title"],
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/notifications` }),
  },
  {
    route: 'GET /api/users/:id/unread-notifications',
    expect: only({ owner: 200 }),
    shows: ["owner's notification content"],
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/unread-notifications` }),
  },
  { route: 'GET /api/users/:id/unread-count', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/unread-count` }) },
  {
    route: 'PATCH /api/notifications/:id/read',
    expect: only({ owner: 200 }, 404),
    request: (w) => ({ url: `/api/notifications/${w.ownerNotificationId}/read` }),
  },
  {
    route: 'POST /api/users/:id/mark-all-notifications-read',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/mark-all-notifications-read` }),
  },
  {
    route: 'POST /api/notifications',
    expect: only({ owner: 201 }),
    request: (w) => ({ url: '/api/notifications', payload: { userId: idOf(w, 'owner'), title: 'Hello', content: 'A test notification' } }),
  },

  // People: the directory, profiles, stats and reviews are public (spec section 6); emails are not.
  { route: 'GET /api/developers', expect: everyone(200), request: () => ({ url: '/api/developers' }) },
  { route: 'GET /api/developers/:username', expect: everyone(200), request: (w) => ({ url: `/api/developers/${usernameOf(w, 'bidder')}` }) },
  { route: 'GET /api/developers/:username/stats', expect: everyone(200), request: (w) => ({ url: `/api/developers/${usernameOf(w, 'bidder')}/stats` }) },
  { route: 'GET /api/developers/:username/reviews', expect: everyone(200), request: (w) => ({ url: `/api/developers/${usernameOf(w, 'bidder')}/reviews` }) },
  { route: 'GET /api/projects/:id/reviews', expect: everyone(200), request: (w) => ({ url: `/api/projects/${w.accepted.project.id}/reviews` }) },
  {
    route: 'POST /api/projects/:id/reviews',
    expect: only({ owner: 201, bidder: 201 }),
    request: (w) => ({ url: `/api/projects/${w.accepted.project.id}/reviews`, payload: { rating: 5, comment: 'Great to work with.' } }),
  },
  // An avatar is a public image under an unguessable name.
  { route: 'GET /uploads/*', expect: everyone(200), request: async (w, app) => ({ url: await uploadOwnerAvatar(app, w) }) },

  // Milestones: titles are public on the project page; amounts, notes and feedback are the parties'.
  {
    route: 'GET /api/projects/:id/milestones',
    expect: everyone(200),
    shows: ['milestone amount', 'milestone note', 'milestone feedback'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/milestones` }),
  },
  {
    route: 'POST /api/projects/:id/milestones',
    expect: only({ owner: 201 }),
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/milestones`, payload: { title: 'Write the docs', amount: 100 } }),
  },
  {
    route: 'PATCH /api/milestones/:milestoneId',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}`, payload: { title: 'Wire up the REST API' } }),
  },
  { route: 'DELETE /api/milestones/:milestoneId', expect: only({ owner: 204 }), request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}` }) },
  {
    route: 'POST /api/milestones/:milestoneId/complete',
    expect: only({ bidder: 200 }),
    request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}/complete`, payload: { note: 'Done and tested.' } }),
  },
  {
    route: 'POST /api/milestones/:milestoneId/approve',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/milestones/${w.underWay.completedMilestoneId}/approve` }),
  },
  {
    route: 'POST /api/milestones/:milestoneId/send-back',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/milestones/${w.underWay.completedMilestoneId}/send-back`, payload: { feedback: 'Needs tests.' } }),
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
    request: async (w, app) => ({ url: `/api/sandbox/checkout-sessions/${await openCheckout(app, w)}` }),
  },
  {
    route: 'POST /api/sandbox/checkout-sessions/:id/pay',
    expect: everyone(200),
    capabilityReveals: sandboxReveals,
    request: async (w, app) => ({
      url: `/api/sandbox/checkout-sessions/${await openCheckout(app, w)}/pay`,
      payload: { cardNumber: SANDBOX_CARD_SUCCESS, expiry: '12/40', cvc: '123' },
    }),
  },
  {
    route: 'GET /api/sandbox/onboarding/:id',
    expect: everyone(200),
    request: async (w, app) => ({ url: `/api/sandbox/onboarding/${await openOnboarding(app, w)}` }),
  },
  {
    route: 'POST /api/sandbox/onboarding/:id/complete',
    expect: everyone(200),
    request: async (w, app) => ({ url: `/api/sandbox/onboarding/${await openOnboarding(app, w)}/complete` }),
  },
  // Playing a chargeback: a guessable payment id, so a session counts: the card holder (the owner), or an operator.
  {
    route: 'POST /api/sandbox/payments/:paymentId/card-dispute',
    expect: only({ owner: 200 }),
    request: async (w) => ({ url: `/api/sandbox/payments/${await paymentIdOf(w.underWay.bidId)}/card-dispute`, payload: { action: 'open' } }),
  },

  // The live connection: 101 once the upgrade is accepted and the caller has authenticated as themself.
  { route: 'GET /ws', expect: signedIn(101), request: () => ({ url: '/ws' }) },
];

/**
 * The built client's files (/index.html, /assets/*.js ...) are served by @fastify/static when a
 * bundle exists; they are public and not API. The test app has no bundle, so this matches nothing
 * today; it is written so that a real route cannot hide behind it (anything under /api, /uploads
 * or /ws, or without a file extension, still needs a row).
 */
const isClientBundleFile = (url: string) => !/^\/(api|uploads|ws)(\/|$)/.test(url) && /\.[a-z0-9]+$/i.test(url);

/** 'METHOD /url' of every registered route; HEAD, which fastify adds to every GET, is folded into the GET row. */
function routeKeys(routes: RouteOptions[]): string[] {
  const keys = routes.flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
  return [...new Set(keys.map((key) => key.replace(/^HEAD /, 'GET ')))].filter((key) => !isClientBundleFile(key.split(' ')[1]!));
}

let m: MatrixApp;

/** A mail in the development outbox, for its page's row. */
async function outboxMailId(): Promise<number> {
  const [mail] = await m.database.db.insert(mailOutbox).values({ to: 'someone@example.test', subject: 'A mail', text: 'Hello' }).returning();
  return mail!.id;
}

/** The payment of a bid, for the sandbox chargeback's row. */
async function paymentIdOf(bidId: number): Promise<number> {
  const [payment] = await m.database.db.select({ id: payments.id }).from(payments).where(eq(payments.bidId, bidId));
  return payment!.id;
}

beforeAll(async () => {
  m = await startMatrixApp();
});
afterAll(() => m?.close());

describe('authorization matrix', () => {
  it('has one row for every route the server registers, and none for a route that is gone', () => {
    const registered = routeKeys(m.routes);
    const rows = matrix.map((row) => row.route);
    expect(
      registered.filter((route) => !rows.includes(route)),
      'routes without a row in the matrix',
    ).toEqual([]);
    expect(
      rows.filter((route) => !registered.includes(route)),
      'rows naming a route that does not exist',
    ).toEqual([]);
    expect(
      rows.filter((route, i) => rows.indexOf(route) !== i),
      'routes with two rows',
    ).toEqual([]);
  });

  for (const row of matrix) {
    it(row.route, async () => {
      const statuses = {} as Statuses;
      const problems: Partial<Record<CallerName, string[]>> = {};
      for (const name of callerNames) {
        const cell = await runCell(m, row, name);
        statuses[name] = cell.status;
        if (cell.problems.length > 0) problems[name] = cell.problems;
      }
      expect({ statuses, problems }).toEqual({ statuses: row.expect, problems: {} });
    });
  }
});

/**
 * Fields that would let a caller act as someone else, or raise their own rights. The client sends
 * submitterId and finisherId (spec section 7), so those are accepted and ignored: the caller is
 * who acts. The others are refused outright (400) and change nothing. Each is tried by the one
 * caller it would tempt.
 */
interface Overreach {
  caller: SignedInName;
  field: string;
  row: Omit<Row, 'expect'>;
  status: number;
  /** Who the created row belongs to, read from the answer. */
  actsAs?: { field: string; caller: SignedInName };
}

const refusedProfileFields = { role: 'finisher', onboardingComplete: true, stripeConnectAccountId: 'acct_borrowed', passwordHash: 'x' };
const overreach: Overreach[] = [
  {
    caller: 'owner',
    field: 'submitterId',
    status: 201,
    actsAs: { field: 'submitterId', caller: 'owner' },
    row: { route: 'POST /api/projects', request: (w) => ({ url: '/api/projects', payload: { ...newProject, submitterId: idOf(w, 'stranger') } }) },
  },
  {
    caller: 'otherFinisher',
    field: 'finisherId',
    status: 201,
    actsAs: { field: 'finisherId', caller: 'otherFinisher' },
    row: {
      route: 'POST /api/projects/:id/bids',
      request: (w) => ({ url: `/api/projects/${w.open.project.id}/bids`, payload: { ...proposal, finisherId: idOf(w, 'bidder') } }),
    },
  },
  ...Object.entries(refusedProfileFields).map(([field, value]): Overreach => ({
    caller: 'stranger',
    field,
    status: 400,
    row: { route: 'PATCH /api/users/:id/profile', request: (w) => ({ url: `/api/users/${idOf(w, 'stranger')}/profile`, payload: { [field]: value } }) },
  })),
  {
    caller: 'owner',
    field: 'status accepted',
    status: 400,
    row: {
      route: 'PATCH /api/projects/:id/status',
      request: (w) => ({ url: `/api/projects/${w.delivered.project.id}/status`, payload: { status: 'accepted' } }),
    },
  },
];

describe('a request body cannot act for someone else or raise its own rights', () => {
  for (const { caller, field, row, status, actsAs } of overreach) {
    it(`${row.route} as ${caller} with ${field}`, async () => {
      const cell = await runCell(m, { ...row, expect: everyone(status) }, caller);
      expect({ status: cell.status, problems: cell.problems }).toEqual({ status, problems: [] });
      if (actsAs) expect(JSON.parse(cell.body)[actsAs.field]).toBe(idOf(cell.world, actsAs.caller));
    });
  }
});
