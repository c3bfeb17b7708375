import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapturingMailer, resetLinkIn } from '#test/fakes/email.js';
import { connectTestRedis, createTestApp, type TestApp } from '#test/support/app.js';
import { createUser, signIn, TEST_PASSWORD } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { passwordResetTokens } from '#server/db/schema/users.js';
import { hashToken } from '#server/plugins/session-store.js';

let t: TestApp;
const mailer = new CapturingMailer();
beforeAll(async () => {
  t = await createTestApp({ PASSWORD_RESETS_PER_EMAIL_PER_HOUR: '100', PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '100' }, { mailer });
});
afterAll(() => t.close());

const visitor = () => client(t.app);
const requestReset = (email: string, headers: Record<string, string> = {}) => visitor().post('/api/password-reset/request', { email }, headers);
const confirmReset = (token: string, password = 'brand-new-pass') => visitor().post('/api/password-reset/confirm', { token, password });
const canLogIn = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).statusCode === 200;

/** Requests a reset for the user and returns the token from the n-th email they got. */
async function resetTokenFor(email: string, n = 1) {
  expect((await requestReset(email)).statusCode).toBe(202);
  return resetLinkIn(await mailer.waitFor(email, n)).token;
}

describe('POST /api/password-reset/request', () => {
  it('emails a link to /reset-password and stores only the hash of its token', async () => {
    const user = await createUser(t.database.db);
    const response = await requestReset(user.email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'If an account exists for that email, we have sent a link to reset its password.' });

    const mail = await mailer.waitFor(user.email);
    expect(mail.subject).toBe('Reset your Finishline password');
    const { link, token } = resetLinkIn(mail);
    expect(link.origin).toBe(t.config.linkOrigin);
    expect(link.pathname).toBe('/reset-password');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [row] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const minutesLeft = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('gives an unknown email the same answer and sends nothing', async () => {
    const user = await createUser(t.database.db);
    const unknown = await requestReset('nobody-here@example.test');
    const known = await requestReset(user.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // Mail goes out in request order, so once the known address has its mail the unknown one would have too.
    await mailer.waitFor(user.email);
    expect(mailer.to('nobody-here@example.test')).toHaveLength(0);
  });

  it('puts PUBLIC_URL in the link when it is set, whatever Host the request named', async () => {
    const configured = new CapturingMailer();
    const app = await createTestApp({ PUBLIC_URL: 'https://finishline.example' }, { mailer: configured });
    try {
      const user = await createUser(app.database.db);
      await app.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: user.email }, headers: { host: 'evil.example' } });
      expect(resetLinkIn(await configured.waitFor(user.email)).link.origin).toBe('https://finishline.example');
    } finally {
      await app.close();
    }
  });

  it('never builds the link from the Host or X-Forwarded-Host header: without PUBLIC_URL it points to this server on localhost', async () => {
    const user = await createUser(t.database.db);
    const response = await requestReset(user.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(response.statusCode).toBe(202);
    const { link } = resetLinkIn(await mailer.waitFor(user.email));
    expect(link.origin).toBe(`http://localhost:${t.config.port}`);
    expect(link.href).not.toContain('evil.example');
  });

  it('validates the email', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Please enter a valid email' });
  });

  it('limits requests per email and per address, for unknown emails alike (in Redis when the run has one)', async () => {
    const redis = await connectTestRedis();
    const limited = await createTestApp(
      { PASSWORD_RESETS_PER_EMAIL_PER_HOUR: '2', PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '3' },
      { mailer: new CapturingMailer(), redis },
    );
    // Counts in a shared Redis outlive the run: every run asks about addresses of its own.
    const run = `${process.pid}-${Date.now()}`;
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const address = () => `10.${octet()}.${octet()}.${octet()}`;
    try {
      const attempt = (email: string, remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: email.replace('@', `-${run}@`) }, remoteAddress });
      expect((await attempt('someone@example.test', address())).statusCode).toBe(202);
      expect((await attempt('someone@example.test', address())).statusCode).toBe(202);
      const perEmail = await attempt('SOMEONE@example.test', address());
      expect(perEmail.statusCode).toBe(429);
      expect(perEmail.json().message).toMatch(/^Too many password reset requests for this email\. Please try again in \d+ minutes?\.$/);

      const busy = address();
      for (const email of ['a@example.test', 'b@example.test', 'c@example.test']) expect((await attempt(email, busy)).statusCode).toBe(202);
      const perAddress = await attempt('d@example.test', busy);
      expect(perAddress.statusCode).toBe(429);
      expect(perAddress.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(perAddress.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
      await redis?.quit();
    }
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the new password, ends every session of the user, and works only once', async () => {
    const user = await createUser(t.database.db);
    const signedIn = client(t.app, await signIn(t.app, user.email));
    const token = await resetTokenFor(user.email);

    const response = await confirmReset(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your password has been reset. Please log in with your new password.');
    expect((await signedIn.get('/api/user')).statusCode).toBe(401);
    expect(await canLogIn(user.email, TEST_PASSWORD)).toBe(false);
    expect(await canLogIn(user.email, 'brand-new-pass')).toBe(true);

    const again = await confirmReset(token, 'another-new-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'INVALID_RESET_TOKEN', message: 'This password reset link is invalid or has expired. Please request a new one.' });
    expect(await canLogIn(user.email, 'another-new-pass')).toBe(false);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.database.db);
    const token = await resetTokenFor(user.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const response = await confirmReset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_RESET_TOKEN');
    expect(await canLogIn(user.email, TEST_PASSWORD)).toBe(true);
  });

  it('refuses an unknown token and a link superseded by a newer request', async () => {
    const user = await createUser(t.database.db);
    const first = await resetTokenFor(user.email, 1);
    const second = await resetTokenFor(user.email, 2);
    expect((await confirmReset('made-up-token')).json().code).toBe('INVALID_RESET_TOKEN');
    expect((await confirmReset(first)).json().code).toBe('INVALID_RESET_TOKEN');
    expect((await confirmReset(second)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous confirmations through', async () => {
    const user = await createUser(t.database.db);
    const token = await resetTokenFor(user.email);
    const answers = await Promise.all([confirmReset(token, 'first-pass'), confirmReset(token, 'second-pass')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('validates the new password', async () => {
    const response = await confirmReset('whatever', '123');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 6 characters');
  });
});
