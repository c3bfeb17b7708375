import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createUser, signIn, TEST_PASSWORD } from '#test/support/factories.js';
import { sessions, users } from '#server/db/schema/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '5', LOGIN_FAILURES_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

let n = 0;
const fresh = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return { username: `person${n}`, email: `person${n}@example.test`, password: 'secret123', role: 'creator', ...overrides };
};
const register = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object, headers });
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers });
type InjectedCookie = { name: string; value: string; secure?: boolean; httpOnly?: boolean; sameSite?: string; path?: string };
const sessionCookie = (response: { cookies: InjectedCookie[] }) => response.cookies.find((c) => c.name === 'fl_session');

describe('POST /api/register', () => {
  it('creates a submitter from the creator choice, signs them in and never returns the password', async () => {
    const body = fresh();
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ username: body.username, email: body.email, role: 'submitter', onboardingComplete: false });
    expect(JSON.stringify(user)).not.toMatch(/password|argon/i);
    const cookie = response.cookies.find((c) => c.name === 'fl_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `fl_session=${cookie!.value}` } });
    expect(me.json()).toMatchObject({ id: user.id });
  });

  it('stores the canonical role for every alias and defaults to creator', async () => {
    const cases = [
      ['developer', 'finisher'],
      ['finisher', 'finisher'],
      ['creator', 'submitter'],
      ['submitter', 'submitter'],
      ['client', 'submitter'],
      [undefined, 'submitter'],
    ] as const;
    for (const [given, stored] of cases) {
      const response = await register(fresh({ role: given }));
      expect(response.statusCode, String(given)).toBe(201);
      expect(response.json().role).toBe(stored);
    }
  });

  it('hashes the password with argon2id', async () => {
    const body = fresh();
    await register(body);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email'],
    [{ email: undefined }, 'Please enter a valid email'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ password: undefined }, 'Password must be at least 6 characters'],
    [{ role: 'admin' }, 'Please select a role'],
    // Operators are made by npm run operator:create or OPERATOR_EMAILS (issue 15, rule 5).
    [{ role: 'operator' }, 'No one can register as an operator'],
  ])('refuses %j with the spec message', async (overrides, message) => {
    const response = await register(fresh(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('answers 409 for a taken email or username, whatever their case, and writes nothing', async () => {
    const first = fresh();
    expect((await register(first)).statusCode).toBe(201);
    const sameEmail = await register(fresh({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
    const sameName = await register(fresh({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ code: 'USERNAME_TAKEN', message: 'This username is already taken' });
    const rows = await t.database.db.select().from(users);
    expect(rows.filter((u) => u.username.toLowerCase() === first.username)).toHaveLength(1);
  });

  it('answers a body that is not JSON with a 400 and a message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON');
  });

  it('is also served at the legacy /api/auth/register', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: fresh({ role: 'developer' }) });
    expect(response.statusCode).toBe(201);
    expect(response.json().role).toBe('finisher');
  });
});

describe('POST /api/login', () => {
  it('signs in with a new session each time and stores only the token hash', async () => {
    const user = await createUser(t.database.db);
    const first = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: user.id, email: user.email });
    const firstToken = sessionCookie(first)!.value;
    const second = await login({ email: user.email, password: TEST_PASSWORD }, { cookie: `fl_session=${firstToken}` });
    const secondToken = sessionCookie(second)!.value;
    expect(secondToken).not.toBe(firstToken);
    expect(Buffer.from(secondToken, 'base64url')).toHaveLength(32);

    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1); // the session presented at sign-in was replaced
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(secondToken).digest('hex'));
    const old = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `fl_session=${firstToken}` } });
    expect(old.statusCode).toBe(401);
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const user = await createUser(t.database.db);
    const wrong = await login({ email: user.email, password: 'wrong-password' });
    const unknown = await login({ email: 'nobody@example.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it.each([
    [{ email: 'nope', password: 'secret123' }, 'Please enter a valid email'],
    [{ email: 'a@b.co', password: '123' }, 'Password must be at least 6 characters'],
    [{}, 'Please enter a valid email'],
  ])('validates %j', async (payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses the address that failed 5 times on an account, even with the right password, and only that address', async () => {
    const user = await createUser(t.database.db);
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password }, remoteAddress });
    for (let i = 0; i < 5; i += 1) expect((await from('203.0.113.9', 'wrong-password')).statusCode).toBe(401);
    const slowed = await from('203.0.113.9', TEST_PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Too many failed login attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    // The attacker did not lock the account: its owner signs in from their own address.
    expect((await from('198.51.100.20', TEST_PASSWORD)).statusCode).toBe(200);
    // Another account from the guessing address is unaffected.
    const other = await createUser(t.database.db);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: other.email, password: TEST_PASSWORD }, remoteAddress: '203.0.113.9' }))
        .statusCode,
    ).toBe(200);
  });

  it('gives each address only one try on an account that many addresses are guessing at', async () => {
    const guarded = await createTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '5', LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: '4' });
    try {
      const user = await createUser(guarded.database.db);
      const from = (remoteAddress: string, password: string) =>
        guarded.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password }, remoteAddress });
      for (const n of [1, 2, 3, 4]) expect((await from(`192.0.2.${n}`, 'wrong-password')).statusCode).toBe(401);
      // Each of those addresses has had its try; a fresh address (the owner's) still signs in.
      expect((await from('192.0.2.1', TEST_PASSWORD)).statusCode).toBe(429);
      expect((await from('198.51.100.7', TEST_PASSWORD)).statusCode).toBe(200);
      // The owner signing in gives the guessing addresses no fresh start.
      expect((await from('192.0.2.2', 'wrong-password')).statusCode).toBe(429);
      expect((await from('192.0.2.3', TEST_PASSWORD)).statusCode).toBe(429);
    } finally {
      await guarded.close();
    }
  });

  it('is also served at the legacy /api/auth/login', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(user.id);
  });
});

describe('failed logins per address', () => {
  it('refuses an address that fails too often across many accounts', async () => {
    const limited = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const attempt = (email: string) =>
        limited.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'wrong-password' }, remoteAddress: '10.9.8.7' });
      for (let i = 0; i < 3; i += 1) expect((await attempt(`someone${i}@example.test`)).statusCode).toBe(401);
      const blocked = await attempt('someone-else@example.test');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/session', () => {
  it('answers a visitor 200 with no user, and a signed-in user with their own account', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    const forged = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: 'fl_session=forged' } });
    expect(forged.json()).toEqual({ user: null });
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: user.email });
    expect(signedIn.json().user).not.toHaveProperty('passwordHash');
  });
});

describe('sessions', () => {
  it('GET /api/user answers 401 to a visitor and to a made-up token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'fl_session=forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Authentication required');
  });

  it('logout deletes the session', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response)?.value).toBe('');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('expires a session left idle too long', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const longAgo = new Date(Date.now() - t.config.session.idleMs - 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('expires a session past its absolute lifetime, however active', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: fresh(),
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'finishline.example' },
      });
      expect(response.statusCode).toBe(201);
      expect(sessionCookie(response)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('cross-origin protection', () => {
  it('refuses a state-changing request from another origin', async () => {
    const response = await register(fresh(), { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'CROSS_ORIGIN_REFUSED', message: 'Cross-origin request refused' });
    const crossSite = await login({ email: 'a@b.co', password: 'secret123' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
  });

  it('accepts the same origin', async () => {
    const response = await register(fresh(), { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(response.statusCode).toBe(201);
  });

  it('checks against PUBLIC_URL when it is set', async () => {
    const configured = await createTestApp({ PUBLIC_URL: 'https://finishline.example' });
    try {
      const ok = await configured.app.inject({ method: 'POST', url: '/api/register', payload: fresh(), headers: { origin: 'https://finishline.example' } });
      expect(ok.statusCode).toBe(201);
      const refused = await configured.app.inject({ method: 'POST', url: '/api/register', payload: fresh(), headers: { origin: 'http://localhost' } });
      expect(refused.statusCode).toBe(403);
    } finally {
      await configured.close();
    }
  });
});

describe('registration rate limit', () => {
  it('answers 429 with a message past the hourly limit per address', async () => {
    const limited = await createTestApp({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '2' });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/register', payload: fresh(), remoteAddress: '10.1.2.3' });
      expect((await attempt()).statusCode).toBe(201);
      expect((await attempt()).statusCode).toBe(201);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(blocked.json().message).toMatch(/^Too many accounts were created from your address\. Please try again in \d+ minutes?\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      const elsewhere = await limited.app.inject({ method: 'POST', url: '/api/register', payload: fresh(), remoteAddress: '10.9.9.9' });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
