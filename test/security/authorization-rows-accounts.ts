import { eq } from 'drizzle-orm';
import { skipLedgerReconciliation } from '#test/support/database.js';
import { documents } from '#server/db/schema/documents.js';
import { appendLedger } from '#server/domain/ledger.js';
import { TEST_PASSWORD } from '#test/support/factories.js';
import {
  everyone,
  idOf,
  type MatrixApp,
  only,
  paymentIdOf,
  outboxMailId,
  ownerSessionId,
  prepare,
  type Row,
  signedIn,
  uniqueText,
  uploadOwnerAvatar,
} from './authorization-cells.js';
import { callerNames, type SignedInName, type World } from './authorization-world.js';

/**
 * The authorization matrix's rows for accounts, sessions, email, notifications, people and the
 * live connection (see authorization-matrix.test.ts for what a row is and how it is judged).
 */

const usernameOf = (world: World, name: SignedInName) => world.callers[name].user!.username;
const sessionDevices = callerNames.filter((name) => name !== 'visitor').map((name) => `${name}'s session device`);

/** A receipt of the owner's for the world's deal under way, issued as a payment's ledger entry issues it (decision 064). */
async function plantReceipt(w: World, m: MatrixApp): Promise<number> {
  skipLedgerReconciliation('the matrix plants a receipt as a second payment entry of the deal under way');
  const paymentId = await paymentIdOf(m, w.underWay.bidId);
  const parties = { projectId: w.underWay.project.id, ownerId: idOf(w, 'owner'), finisherId: idOf(w, 'bidder') };
  await m.database.db.transaction((tx) =>
    appendLedger(tx, paymentId, parties, new Date(), [{ kind: 'payment_held', amountCents: 1000, key: `matrix:receipt:${paymentId}` }]),
  );
  const [receipt] = await m.database.db.select({ id: documents.id }).from(documents).where(eq(documents.userId, parties.ownerId));
  return receipt!.id;
}

export const accountRows: Row[] = [
  // Operations and the API description: public.
  { route: 'GET /api/health', expect: everyone(200), request: () => ({ url: '/api/health' }) },
  { route: 'GET /api/health/live', expect: everyone(200), request: () => ({ url: '/api/health/live' }) },
  { route: 'GET /api/health/ready', expect: everyone(200), request: () => ({ url: '/api/health/ready' }) },
  { route: 'GET /api/openapi.json', expect: everyone(200), request: () => ({ url: '/api/openapi.json' }) },
  // The operator's published contact address (issue 28, item 16): public, the Contact page shows it to anyone.
  { route: 'GET /api/site/contact', expect: everyone(200), request: () => ({ url: '/api/site/contact' }) },

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
    request: async (w, m) => ({ url: `/api/sessions/${await ownerSessionId(m.app, w)}` }),
  },
  { route: 'POST /api/sessions/revoke-others', expect: signedIn(200), request: () => ({ url: '/api/sessions/revoke-others' }) },
  // The zone of one's mail (decision 048): the path names no one, so each caller sets only their own.
  { route: 'PUT /api/account/time-zone', expect: signedIn(200), request: () => ({ url: '/api/account/time-zone', payload: { timeZone: 'Europe/Berlin' } }) },
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
  // A person's record (issue 30, item 7): the facts behind the badges, public like a developer profile.
  { route: 'GET /api/users/:id/record', expect: everyone(200), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/record` }) },
  {
    route: 'PATCH /api/users/:id/profile',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/profile`, payload: { bio: 'Ships on Fridays.' } }),
  },

  // Email preferences: one's own only. The unsubscribe link's signed token is the only credential:
  // a session is no substitute, and a mail client posts it from anywhere (an invalid token is 400).
  // The kinds of mail (decision 044): public, the unsubscribe page shows them before any sign-in.
  { route: 'GET /api/email/categories', expect: everyone(200), request: () => ({ url: '/api/email/categories' }) },
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
    route: 'PATCH /api/users/:id/email-preferences/choice',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/email-preferences/choice`, payload: { category: 'reminders', isOn: false } }),
  },
  {
    route: 'POST /api/email/unsubscribe',
    expect: everyone(400),
    request: (w) => ({ url: `/api/email/unsubscribe?token=${idOf(w, 'owner')}.reminders.not-the-signature-of-it` }),
  },
  // The development outbox (no SMTP, outside production; the test app is such a server): every
  // mail to anyone who can reach a development server, as its log would. Production has no such route.
  { route: 'GET /dev/mail', expect: everyone(200), request: () => ({ url: '/dev/mail' }) },
  { route: 'GET /dev/mail/:id', expect: everyone(200), request: async (_w, m) => ({ url: `/dev/mail/${await outboxMailId(m)}` }) },

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
  // Issue 30: invitations to bid, the owner's to send and read; a developer reads their own.
  {
    route: 'POST /api/projects/:id/invitations',
    expect: only({ owner: 201 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}/invitations`, payload: { developerId: w.callers.otherFinisher.user!.id } }),
  },
  { route: 'GET /api/projects/:id/invitations', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/projects/${w.open.project.id}/invitations` }) },
  {
    route: 'GET /api/users/:id/invitations',
    expect: only({ otherFinisher: 200 }),
    request: (w) => ({ url: `/api/users/${w.callers.otherFinisher.user!.id}/invitations` }),
  },
  // Issue 30: saved searches are their developer's alone (and only developers save them).
  { route: 'GET /api/users/:id/saved-searches', expect: only({ bidder: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'bidder')}/saved-searches` }) },
  {
    route: 'POST /api/users/:id/saved-searches',
    expect: only({ bidder: 201 }),
    request: (w) => ({ url: `/api/users/${idOf(w, 'bidder')}/saved-searches`, payload: { q: 'dashboard', tech: ['React'], frequency: 'instant' } }),
  },
  {
    route: 'DELETE /api/users/:id/saved-searches/:searchId',
    expect: only({ bidder: 204 }),
    request: async (w, m) => {
      const search = await prepare(m.app, 'POST', w.callers.bidder, {
        url: `/api/users/${idOf(w, 'bidder')}/saved-searches`,
        payload: { q: 'invoices', frequency: 'daily' },
      });
      return { url: `/api/users/${idOf(w, 'bidder')}/saved-searches/${search.id as number}` };
    },
  },
  // Issue 31: receipts and payout statements are their holder's alone; to anyone else a document does not exist.
  { route: 'GET /api/users/:id/documents', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/documents` }) },
  {
    route: 'GET /api/documents/:id',
    expect: only({ owner: 200 }, 404),
    request: async (w, m) => ({ url: `/api/documents/${await plantReceipt(w, m)}` }),
  },
  {
    route: 'GET /api/documents/:id/pdf',
    expect: only({ owner: 200 }, 404),
    request: async (w, m) => ({ url: `/api/documents/${await plantReceipt(w, m)}/pdf` }),
  },
  // Issue 31, item 4: a person's earnings or spending, and their ledger statement, are their own alone.
  { route: 'GET /api/users/:id/earnings', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/earnings` }) },
  {
    route: 'GET /api/users/:id/ledger.csv',
    expect: only({ bidder: 200 }),
    request: (w) => ({ url: `/api/users/${idOf(w, 'bidder')}/ledger.csv?from=2022-01-01&to=2026-12-31` }),
  },
  // Issue 30: the suggestions are the owner's alone.
  {
    route: 'GET /api/projects/:id/suggested-finishers',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}/suggested-finishers` }),
  },
  { route: 'GET /api/developers/:username/reviews', expect: everyone(200), request: (w) => ({ url: `/api/developers/${usernameOf(w, 'bidder')}/reviews` }) },
  { route: 'GET /api/projects/:id/reviews', expect: everyone(200), request: (w) => ({ url: `/api/projects/${w.accepted.project.id}/reviews` }) },
  {
    route: 'POST /api/projects/:id/reviews',
    // The bidder's review is in (hidden, decision 059): the owner's reveals both.
    expect: only({ owner: 201, bidder: 409 }),
    request: (w) => ({ url: `/api/projects/${w.accepted.project.id}/reviews`, payload: { rating: 5, comment: 'Great to work with.' } }),
  },
  // Issue 30: a hidden review is changed by its author alone.
  {
    route: 'PATCH /api/reviews/:id',
    expect: only({ bidder: 200 }),
    request: (w) => ({ url: `/api/reviews/${w.accepted.hiddenReviewId}`, payload: { rating: 3, comment: 'Changed my mind.' } }),
  },
  // An avatar is a public image under an unguessable name.
  { route: 'GET /uploads/*', expect: everyone(200), request: async (w, m) => ({ url: await uploadOwnerAvatar(m.app, w) }) },

  // The live connection: 101 once the upgrade is accepted and the caller has authenticated as themself.
  { route: 'GET /ws', expect: signedIn(101), request: () => ({ url: '/ws' }) },
];
