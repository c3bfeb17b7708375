import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createUser } from '#test/support/factories.js';
import { mailOutbox } from '#server/db/schema/email.js';

describe('the development outbox (no SMTP, outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No mailer passed: the app picks its own, as npm run dev does.
    t = await createTestApp({ NODE_ENV: 'development' });
  });
  afterAll(() => t.close());

  it('keeps the mail the app sends and lists it newest first', async () => {
    const user = await createUser(t.database.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: user.email } })).statusCode).toBe(202);
    // The reset mail goes out after the answer.
    let rows = await t.database.db.select().from(mailOutbox);
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await t.database.db.select().from(mailOutbox);
    }
    expect(rows).toHaveLength(1);
    await t.database.db.insert(mailOutbox).values({ to: 'later@example.test', subject: 'Second <mail>', text: 'Later' });

    const list = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.body.indexOf('Second &lt;mail&gt;')).toBeLessThan(list.body.indexOf('Reset your Finishline password'));
    expect(list.body).toContain(`href="/dev/mail/${rows[0]!.id}"`);

    const one = await t.app.inject({ method: 'GET', url: `/dev/mail/${rows[0]!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(user.email);
    expect(one.body).toMatch(/<a href="http:\/\/localhost(:\d+)?\/reset-password\?token=[^"]+"/);
  });

  it('shows the HTML part only in a sandboxed frame, and every header escaped', async () => {
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({
        to: 'ada@example.test',
        subject: 'Hello <script>alert(1)</script>',
        text: 'Plain <b>text</b>',
        html: '<p onclick="alert(1)">Hi "there"</p><script>alert(2)</script>',
        headers: { 'List-Unsubscribe': '<https://finishline.test/api/email/unsubscribe?token=1.reminders.abc>' },
      })
      .returning();
    const page = await t.app.inject({ method: 'GET', url: `/dev/mail/${row!.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<b>');
    expect(page.body).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).toContain(
      '<dt>List-Unsubscribe</dt><dd>&lt;<a href="https://finishline.test/api/email/unsubscribe?token=1.reminders.abc" target="_blank" rel="noreferrer">',
    );
    expect(page.body).toMatch(
      /<iframe title="The HTML part of the mail" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="[^"]*&lt;script&gt;alert\(2\)/,
    );
  });

  it("shows the outbox only to the server's own machine", async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) expect((await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress })).statusCode).toBe(200);
    const remote = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('Outbox');
    const proxied = await t.app.inject({ method: 'GET', url: '/dev/mail', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(404);
  });

  it('answers 404 for a mail that is not there', async () => {
    for (const id of ['999999', 'abc', '1e3']) expect((await t.app.inject({ method: 'GET', url: `/dev/mail/${id}` })).statusCode).toBe(404);
  });
});

describe('on a production deployment', () => {
  it('has no outbox pages', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://finishline.test', MAIL_OUTBOX: 'false' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      expect(t.routes.some((route) => route.url.startsWith('/dev/'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
