import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationTokens, users } from '#server/db/schema/users.js';
import { hashToken } from '#server/plugins/session-store.js';
import { CapturingMailer, verificationLinkIn } from '#test/fakes/email.js';
import { connectTestRedis, createTestApp, type TestApp, uniqueRedisKeyPrefix } from '#test/support/app.js';
import { DAY_MS, TestClock } from '#test/support/clock.js';
import { createProject, createUser, signIn, TEST_PASSWORD } from '#test/support/factories.js';
import { client } from '#test/support/http.js';

// Email verification (issue 26 item 5, decision 036): a one-time, expiring link for a new account
// and for a new address; payouts wait for it, everything else works without it.
let t: TestApp;
const mailer = new CapturingMailer();
const clock = new TestClock(new Date());
beforeAll(async () => {
  t = await createTestApp({}, { mailer, clock });
});
afterAll(() => t.close());

const visitor = () => client(t.app);
let sequence = 0;

/** Registers through the API, as a person does, and answers their signed-in client. */
async function register(role: 'creator' | 'developer' = 'developer', email = `verify${sequence + 1}-${process.pid}@example.test`) {
  sequence++;
  const response = await visitor().post('/api/register', { username: `verify${sequence}x${process.pid}`, email, password: TEST_PASSWORD, role });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = response.cookies.find((c) => c.name === 'fl_session')!;
  return { user: response.json() as { id: number; email: string }, email, api: client(t.app, `fl_session=${cookie.value}`) };
}

const confirm = (token: string, body: Record<string, unknown> = {}) => visitor().post('/api/account/email-verification/confirm', { token, ...body });
const tokenOf = async (email: string, n = 1) => verificationLinkIn(await mailer.waitFor(email, n)).token;

describe('a new account', () => {
  it('gets a confirmation link by mail, unverified until it is opened, and the link works once', async () => {
    const { email, api } = await register();
    expect((await api.get('/api/user')).json()).toMatchObject({ email, emailVerified: false, pendingEmail: null });

    const mail = await mailer.waitFor(email);
    expect(mail.subject).toBe('Confirm your Finishline email address');
    const { link, token } = verificationLinkIn(mail);
    expect(link.origin).toBe(t.config.linkOrigin);
    expect(link.pathname).toBe('/verify-email');
    // Stored only as its hash, like reset tokens.
    const [row] = await t.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);

    // Opened on another device: no sign-in needed.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your email address is confirmed.', email });
    expect((await api.get('/api/user')).json()).toMatchObject({ emailVerified: true });

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'INVALID_VERIFICATION_TOKEN',
      message: 'This confirmation link is invalid, was already used or has expired. Please request a new one from your profile.',
    });
  });

  it('refuses a wrong, an expired and a superseded link alike, and a body with more than the token', async () => {
    const { email, api } = await register();
    const first = await tokenOf(email);
    expect((await confirm('not-a-real-token')).json().code).toBe('INVALID_VERIFICATION_TOKEN');
    expect((await confirm(first, { email: 'someone@else.test' })).statusCode).toBe(400);
    expect((await confirm('')).statusCode).toBe(400);

    expect((await api.post('/api/account/email-verification')).statusCode).toBe(202);
    const second = await tokenOf(email, 2);
    // The newer link voids the older one.
    expect((await confirm(first)).json().code).toBe('INVALID_VERIFICATION_TOKEN');

    clock.advance(2 * DAY_MS + 1);
    try {
      const expired = await confirm(second);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('INVALID_VERIFICATION_TOKEN');
    } finally {
      clock.set(new Date());
    }
    expect((await api.get('/api/user')).json()).toMatchObject({ emailVerified: false });
  });

  it('signs in, browses and bids unverified, but payout setup waits for the confirmed address', async () => {
    const { email, user, api } = await register('developer');
    const owner = await createUser(t.database.db, { role: 'submitter' });
    const project = await createProject(t.database.db, { submitterId: owner.id });
    expect((await visitor().post('/api/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await api.get('/api/projects')).statusCode).toBe(200);
    const bid = await api.post(`/api/projects/${project.id}/bids`, { amount: 500, timeline: 5, message: 'I would like to take this on.' });
    expect(bid.statusCode).toBe(201);

    const payouts = await api.post('/api/stripe/create-connect-account', { userId: user.id });
    expect(payouts.statusCode).toBe(403);
    expect(payouts.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please confirm your email address before setting up payouts: open the link we emailed you, or send a new one from your profile.',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.stripeConnectAccountId).toBeNull();

    expect((await confirm(await tokenOf(email))).statusCode).toBe(200);
    const after = await api.post('/api/stripe/create-connect-account', { userId: user.id });
    expect(after.statusCode).toBe(200);
    expect(after.json().url).toMatch(/^\/sandbox\/onboarding\//);
  });
});

describe('POST /api/account/email-verification (resend)', () => {
  it('is for a signed-in user with something to confirm', async () => {
    expect((await visitor().post('/api/account/email-verification')).statusCode).toBe(401);
    const verified = await createUser(t.database.db);
    const api = client(t.app, await signIn(t.app, verified.email));
    const response = await api.post('/api/account/email-verification');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: 'Your email address is already confirmed.' });
    expect((await api.post('/api/account/email-verification', { again: true })).statusCode).toBe(400);
  });

  it(`allows ${5} mails an hour per account, whatever address the requests come from`, async () => {
    const { email, api } = await register();
    for (let i = 1; i <= 5; i++) {
      const sent = await api.post('/api/account/email-verification', {}, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(sent.statusCode).toBe(202);
      expect(sent.json()).toEqual({ message: `We sent a confirmation link to ${email}.`, email });
    }
    await mailer.waitFor(email, 6);
    const refused = await api.post('/api/account/email-verification');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/^Too many confirmation emails were sent\. Please try again in \d+ minutes\.$/);
    expect(refused.headers['retry-after']).toBeDefined();

    // Another account from the same address is not held back by it.
    const other = await register();
    expect((await other.api.post('/api/account/email-verification')).statusCode).toBe(202);
  });

  it('counts in Redis when there is one, shared by every instance', async () => {
    const redis = await connectTestRedis();
    if (!redis) return; // PGlite-only runs have no Redis; CI sets TEST_REDIS_URL.
    const shared = { REDIS_KEY_PREFIX: uniqueRedisKeyPrefix('verify'), EMAIL_VERIFICATIONS_PER_HOUR: '2' };
    const first = await createTestApp(shared, { redis, mailer: new CapturingMailer() });
    const second = await createTestApp(shared, { redis, mailer: new CapturingMailer() });
    try {
      // The same user id on both databases: one account as two instances see it.
      const [a, b] = [await createUser(first.database.db, { emailVerifiedAt: null }), await createUser(second.database.db, { emailVerifiedAt: null })];
      expect(a.id).toBe(b.id);
      const onFirst = client(first.app, await signIn(first.app, a.email));
      const onSecond = client(second.app, await signIn(second.app, b.email));
      expect((await onFirst.post('/api/account/email-verification')).statusCode).toBe(202);
      expect((await onSecond.post('/api/account/email-verification')).statusCode).toBe(202);
      expect((await onFirst.post('/api/account/email-verification')).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
      await redis.quit();
    }
  });
});

describe('changing the email', () => {
  it('keeps the old address until the new one is confirmed, mails a link to the new one and a notice to the old', async () => {
    const owner = await createUser(t.database.db, { email: `old-${process.pid}@example.test` });
    const api = client(t.app, await signIn(t.app, owner.email));
    const newEmail = `new-${process.pid}@example.test`;
    const changed = await api.patch(`/api/users/${owner.id}/profile`, { email: newEmail.toUpperCase(), bio: 'Moved house.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: owner.email, emailVerified: true, pendingEmail: newEmail, bio: 'Moved house.' });

    const link = await mailer.waitFor(newEmail);
    expect(link.subject).toBe('Confirm your new Finishline email address');
    const notice = await mailer.waitFor(owner.email);
    expect(notice.subject).toBe('Your Finishline email address is about to change');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/verify-email/);

    // Until then the old address is the account's: it signs in, the new one does not.
    expect((await visitor().post('/api/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await visitor().post('/api/login', { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(401);

    const confirmed = await confirm(verificationLinkIn(link).token);
    expect(confirmed.json()).toEqual({ message: `Your email address is now ${newEmail}.`, email: newEmail });
    expect((await api.get('/api/user')).json()).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    expect((await visitor().post('/api/login', { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await visitor().post('/api/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  it('refuses an address taken before or while it waits, and forgets the change when the old address is given back', async () => {
    const taken = await createUser(t.database.db);
    const user = await createUser(t.database.db);
    const api = client(t.app, await signIn(t.app, user.email));
    const refused = await api.patch(`/api/users/${user.id}/profile`, { email: taken.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });

    const wanted = `wanted-${process.pid}@example.test`;
    expect((await api.patch(`/api/users/${user.id}/profile`, { email: wanted })).json()).toMatchObject({ pendingEmail: wanted });
    const token = await tokenOf(wanted);
    // Someone registers the address before the link is opened: the link cannot take it from them.
    await register('creator', wanted);
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('EMAIL_TAKEN');
    expect((await api.get('/api/user')).json()).toMatchObject({ email: user.email });

    const other = `other-${process.pid}@example.test`;
    await api.patch(`/api/users/${user.id}/profile`, { email: other });
    const otherToken = await tokenOf(other);
    const back = await api.patch(`/api/users/${user.id}/profile`, { email: user.email });
    expect(back.json()).toMatchObject({ email: user.email, pendingEmail: null });
    expect((await confirm(otherToken)).json().code).toBe('INVALID_VERIFICATION_TOKEN');
  });

  it('resends to the pending address', async () => {
    const user = await createUser(t.database.db);
    const api = client(t.app, await signIn(t.app, user.email));
    const wanted = `resend-${process.pid}@example.test`;
    await api.patch(`/api/users/${user.id}/profile`, { email: wanted });
    const resent = await api.post('/api/account/email-verification');
    expect(resent.json()).toEqual({ message: `We sent a confirmation link to ${wanted}.`, email: wanted });
    expect((await confirm(await tokenOf(wanted, 2))).statusCode).toBe(200);
  });
});
