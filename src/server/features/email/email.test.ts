import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject } from '#test/support/factories.js';
import { CapturingMailer } from '#test/fakes/email.js';
import { emailPreferences } from '#server/db/schema/email.js';
import { signUnsubscribeToken } from '#server/mail/unsubscribe-token.js';

let t: TestApp;
let cast: Cast;
const mailer = new CapturingMailer();
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://finishline.test', EMAIL_LINK_SECRET: 'a-test-secret-of-some-length' }, { mailer });
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const prefsUrl = (id: number | string) => `/api/users/${id}/email-preferences`;
const allOn = { bidUpdates: true, dealUpdates: true, reminders: true, projectAlerts: true };

describe('email preferences', () => {
  it('are all on for a user who never chose, and change one at a time', async () => {
    const { api, user } = cast.otherSubmitter;
    expect((await api.get(prefsUrl(user.id))).json()).toEqual(allOn);
    const changed = await api.patch(prefsUrl(user.id), { reminders: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...allOn, reminders: false });
    expect((await api.patch(prefsUrl(user.id), { bidUpdates: false })).json()).toEqual({
      bidUpdates: false,
      dealUpdates: true,
      reminders: false,
      projectAlerts: true,
    });
    expect((await api.patch(prefsUrl(user.id), {})).json()).toEqual({ bidUpdates: false, dealUpdates: true, reminders: false, projectAlerts: true });
    expect((await api.get(prefsUrl(user.id))).json()).toEqual({ bidUpdates: false, dealUpdates: true, reminders: false, projectAlerts: true });
  });

  it("are one's own: a visitor gets 401, anyone else 403", async () => {
    const target = cast.owner.user.id;
    for (const request of [
      (api: Cast['visitor']['api']) => api.get(prefsUrl(target)),
      (api: Cast['visitor']['api']) => api.patch(prefsUrl(target), { reminders: false }),
    ]) {
      expect((await request(cast.visitor.api)).statusCode).toBe(401);
      const refused = await request(cast.finisher.api);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'You can only manage your own email preferences' });
    }
    expect(await t.database.db.$count(emailPreferences, eq(emailPreferences.userId, target))).toBe(0);
  });

  it('refuse bad ids and bad bodies with a clear 400', async () => {
    const { api, user } = cast.finisher;
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect((await api.get(prefsUrl(id))).statusCode).toBe(400);
    const notBoolean = await api.patch(prefsUrl(user.id), { reminders: 'no' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('reminders must be true or false') });
    const unknown = await api.patch(prefsUrl(user.id), { marketing: false });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Unknown field: marketing');
    expect((await api.patch(prefsUrl(user.id), [true])).statusCode).toBe(400);
    expect((await api.get(prefsUrl(user.id))).json()).toEqual(allOn);
  });
});

describe('the signed one-click unsubscribe', () => {
  const unsubscribe = (token: string, payload?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`, payload, headers });

  it('turns the category off from a mail client: form-encoded, cross-site, no session, no Origin', async () => {
    const { user, api } = cast.otherFinisher;
    const token = signUnsubscribeToken(t.config.emailLinks.secret, user.id, 'dealUpdates');
    const response = await unsubscribe(token, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ category: 'dealUpdates', message: 'Deal updates emails are turned off.' });
    expect((await api.get(prefsUrl(user.id))).json()).toEqual({ ...allOn, dealUpdates: false });
  });

  it('takes an empty or JSON body as well (the unsubscribe page), and is idempotent', async () => {
    const { user, api } = cast.otherFinisher;
    const token = signUnsubscribeToken(t.config.emailLinks.secret, user.id, 'reminders');
    expect((await unsubscribe(token)).statusCode).toBe(200);
    expect((await unsubscribe(token, '{}', { 'content-type': 'application/json' })).statusCode).toBe(200);
    expect((await api.get(prefsUrl(user.id))).json()).toMatchObject({ reminders: false });
  });

  it('refuses a tampered, re-targeted or unknown token with 400 and changes nothing', async () => {
    const { user } = cast.owner;
    const token = signUnsubscribeToken(t.config.emailLinks.secret, user.id, 'bidUpdates');
    const otherSecret = signUnsubscribeToken('another-secret-entirely', user.id, 'bidUpdates');
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const retargeted = token.replace(/^\d+\./, `${cast.finisher.user.id}.`);
    const otherCategory = token.replace('.bidUpdates.', '.reminders.');
    const unknownUser = signUnsubscribeToken(t.config.emailLinks.secret, 2_000_000_000, 'bidUpdates');
    for (const bad of [flipped, retargeted, otherCategory, otherSecret, unknownUser, 'not-a-token']) {
      const response = await unsubscribe(bad, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_UNSUBSCRIBE_TOKEN', message: expect.stringContaining('This unsubscribe link is not valid') });
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/email/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    expect(await t.database.db.$count(emailPreferences, eq(emailPreferences.userId, user.id))).toBe(0);
  });
});

describe('deal mail through the API', () => {
  it('tells the owner of a new bid, with both parts and the one-click headers, until bid updates are turned off', async () => {
    const owner = cast.owner;
    const project = await createProject(t.database.db, { submitterId: owner.user.id, name: '<script>alert(1)</script> & co' });
    const bid = await cast.finisher.api.post(`/api/projects/${project.id}/bids`, {
      amount: 900,
      timeline: 10,
      message: 'I have finished three apps like this one.',
    });
    expect(bid.statusCode).toBe(201);
    const mail = await mailer.waitFor(owner.user.email);
    expect(mail.subject).toBe('New bid on "<script>alert(1)</script> & co": $900');
    // The price and the timeline (issue 28, item 11).
    expect(mail.text).toContain(`${cast.finisher.user.username} placed a bid on <script>alert(1)</script> & co: $900, to deliver in 10 days.`);
    expect(mail.text).toContain(`https://finishline.test/projects/${project.id}?tab=bids`);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(mail.html).not.toContain('<script>');
    const oneClick = /^<(https:\/\/finishline\.test\/api\/email\/unsubscribe\?token=([^>]+))>$/.exec(mail.headers!['List-Unsubscribe']!);
    expect(oneClick).not.toBeNull();
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`https://finishline.test/email/unsubscribe?token=${oneClick![2]}`);

    // The mail client's one-click POST, as it is sent: to the header's address, form-encoded.
    const url = new URL(oneClick![1]!);
    const off = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.json()).toMatchObject({ category: 'bidUpdates' });
    const second = await createProject(t.database.db, { submitterId: owner.user.id });
    expect(
      (await cast.finisher.api.post(`/api/projects/${second.id}/bids`, { amount: 900, timeline: 10, message: 'I have finished three apps like this one.' }))
        .statusCode,
    ).toBe(201);
    // Closing the app waits for the mail in flight (the last test of the file: afterAll closes it again, harmlessly).
    await t.app.close();
    expect(mailer.to(owner.user.email)).toHaveLength(1);
  });
});
