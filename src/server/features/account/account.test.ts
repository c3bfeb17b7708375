import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createUser, TEST_PASSWORD } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { passwordResetTokens, sessions } from '#server/db/schema/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_FAILURES_PER_ACCOUNT: '3' });
});
afterAll(() => t.close());

/** Signs in as a given browser and address; returns an api client carrying that session's cookie. */
async function signInFrom(email: string, userAgent: string, remoteAddress = '10.0.0.1', password = TEST_PASSWORD) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  const token = response.cookies.find((c) => c.name === 'fl_session')!.value;
  return client(t.app, `fl_session=${token}`);
}

/** A user signed in on a laptop and a phone. */
async function userWithTwoDevices() {
  const user = await createUser(t.database.db);
  const laptop = await signInFrom(user.email, 'Laptop Firefox', '10.0.0.1');
  const phone = await signInFrom(user.email, 'Phone Safari', '10.0.0.2');
  return { user, laptop, phone };
}

const isSignedIn = async (api: ReturnType<typeof client>) => (await api.get('/api/user')).statusCode === 200;

describe('GET /api/sessions', () => {
  it("lists the caller's live sessions with device details, marks the current one and never shows a token", async () => {
    const { user, laptop } = await userWithTwoDevices();
    const response = await laptop.get('/api/sessions');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    expect(list.find((s: { current: boolean }) => s.current)).toMatchObject({ userAgent: 'Laptop Firefox', ipAddress: '10.0.0.1' });
    expect(list.find((s: { current: boolean }) => !s.current)).toMatchObject({ userAgent: 'Phone Safari', ipAddress: '10.0.0.2' });
    for (const session of list) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'id', 'ipAddress', 'lastSeenAt', 'userAgent']);
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    expect(response.body).not.toContain(row!.tokenHash);
  });

  it('leaves out expired sessions and answers 401 to a visitor', async () => {
    const { user, laptop } = await userWithTwoDevices();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.userId, user.id), eq(sessions.userAgent, 'Phone Safari')));
    const list = (await laptop.get('/api/sessions')).json();
    expect(list).toHaveLength(1);
    expect(list[0].current).toBe(true);
    expect((await client(t.app).get('/api/sessions')).statusCode).toBe(401);
  });
});

describe('DELETE /api/sessions/{id}', () => {
  it('signs out one of my other devices', async () => {
    const { laptop, phone } = await userWithTwoDevices();
    const phoneSession = (await laptop.get('/api/sessions')).json().find((s: { current: boolean }) => !s.current);
    const response = await laptop.delete(`/api/sessions/${phoneSession.id}`);
    expect(response.statusCode).toBe(204);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect((await laptop.delete(`/api/sessions/${phoneSession.id}`)).statusCode).toBe(404);
  });

  it("refuses another user's session with the same 404 as an unknown id", async () => {
    const mine = await userWithTwoDevices();
    const other = await userWithTwoDevices();
    const otherIds = (await other.laptop.get('/api/sessions')).json().map((s: { id: string }) => s.id);
    for (const id of otherIds) {
      const response = await mine.laptop.delete(`/api/sessions/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Session not found' });
    }
    expect(await isSignedIn(other.laptop)).toBe(true);
    expect(await isSignedIn(other.phone)).toBe(true);
    // Nor does my list show their sessions.
    const myIds = (await mine.laptop.get('/api/sessions')).json().map((s: { id: string }) => s.id);
    expect(myIds.some((id: string) => otherIds.includes(id))).toBe(false);
    expect((await mine.laptop.delete('/api/sessions/not-a-uuid')).json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Session not found' });
  });

  it('signing out the current session clears its cookie', async () => {
    const { laptop } = await userWithTwoDevices();
    const current = (await laptop.get('/api/sessions')).json().find((s: { current: boolean }) => s.current);
    const response = await laptop.delete(`/api/sessions/${current.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'fl_session')?.value).toBe('');
    expect(await isSignedIn(laptop)).toBe(false);
  });
});

describe('POST /api/sessions/revoke-others', () => {
  it('signs out every other device and keeps this one', async () => {
    const { laptop, phone } = await userWithTwoDevices();
    const response = await laptop.post('/api/sessions/revoke-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect((await laptop.get('/api/sessions')).json()).toHaveLength(1);
  });
});

describe('POST /api/user/password', () => {
  it('changes the password, ends every other session and keeps this one', async () => {
    const { user, laptop, phone } = await userWithTwoDevices();
    const response = await laptop.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-secret' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);

    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(oldLogin.statusCode).toBe(401);
    await signInFrom(user.email, 'Desktop', '10.0.0.3', 'a-new-secret');
  });

  it('refuses a wrong current password with a clear 400 and changes nothing', async () => {
    const { user, laptop, phone } = await userWithTwoDevices();
    const response = await laptop.post('/api/user/password', { currentPassword: 'not-my-password', newPassword: 'a-new-secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'WRONG_PASSWORD', message: 'Your current password is incorrect' });
    expect(await isSignedIn(phone)).toBe(true);
    await signInFrom(user.email, 'Desktop');
  });

  it('counts wrong current passwords like failed logins', async () => {
    const { laptop } = await userWithTwoDevices();
    const attempt = () => laptop.post('/api/user/password', { currentPassword: 'guess-guess', newPassword: 'a-new-secret' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(400);
    const locked = await laptop.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-secret' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
  });

  it.each([
    [{ currentPassword: '', newPassword: 'a-new-secret' }, 'Please enter your current password'],
    [{ currentPassword: TEST_PASSWORD, newPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 'Your new password must be different from your current password'],
  ])('validates %j', async (payload, message) => {
    const { laptop } = await userWithTwoDevices();
    const response = await laptop.post('/api/user/password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('voids a pending reset link and answers 401 to a visitor', async () => {
    const { user, laptop } = await userWithTwoDevices();
    await t.database.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: `pending-${user.id}`, expiresAt: new Date(Date.now() + 60_000) });
    expect((await laptop.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-secret' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toHaveLength(0);
    const visitor = await client(t.app).post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-secret' });
    expect(visitor.statusCode).toBe(401);
  });
});
