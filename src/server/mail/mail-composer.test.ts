import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEmailCategory } from '#shared/domain/email-categories.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { CapturingMailer } from '#test/fakes/email.js';
import type { AppContext } from '#server/context.js';
import { defineMail, type MailComposer } from './mail-composer.js';
import { MailCategories } from './mail-categories.js';
import { saveMailChoices } from './mail-preferences.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

// A feature that is not the deal's (decision 044): it registers two categories with the app's
// composer, one a person may turn off and one they may not, and mails through one template each.

const tips = defineEmailCategory({
  id: 'projectTips',
  label: 'Project tips',
  description: 'Ideas for finishing a project faster.',
  isOnByDefault: true,
  canTurnOff: true,
});
const signInAlerts = defineEmailCategory({
  id: 'signInAlerts',
  label: 'Sign-in alerts',
  description: 'A sign-in from a new device.',
  isOnByDefault: true,
  canTurnOff: false,
});
const digest = defineEmailCategory({ id: 'weeklyDigest', label: 'Weekly digest', description: 'Once a week.', isOnByDefault: false, canTurnOff: true });

const tipMail = defineMail<{ projectName: string; note: string }>({
  category: tips,
  content: (data) => ({
    subject: `A tip for\n"${data.projectName}"`,
    paragraphs: [(f) => `Split ${f.value(data.projectName)} into small steps.`],
    quote: { label: 'From the community', text: data.note },
    action: { label: 'Open Finishline', url: 'https://finishline.test/projects?x="y"' },
  }),
});
const signInMail = defineMail<{ device: string }>({
  category: signInAlerts,
  content: (data) => ({
    subject: 'New sign-in',
    paragraphs: [(f) => `A sign-in from ${f.value(data.device)}.`],
    action: { label: 'Review', url: 'https://finishline.test/profile' },
  }),
});

let t: TestApp;
let cast: Cast;
let mail: MailComposer;
const mailer = new CapturingMailer();
const registerTestFeature = (ctx: AppContext) => {
  ctx.mail.categories.register(tips, signInAlerts, digest);
  mail = ctx.mail;
};
beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL: 'https://finishline.test', EMAIL_LINK_SECRET: 'a-test-secret-of-some-length' },
    { mailer, features: [registerTestFeature] },
  );
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const prefsUrl = (id: number) => `/api/users/${id}/email-preferences`;
const choiceUrl = (id: number) => `/api/users/${id}/email-preferences/choice`;
const oneClickOf = (headers: Record<string, string> | undefined) =>
  /^<https:\/\/finishline\.test(\/api\/email\/unsubscribe\?token=([^>]+))>$/.exec(headers?.['List-Unsubscribe'] ?? '');
const oneClick = (pathAndQuery: string) =>
  t.app.inject({
    method: 'POST',
    url: pathAndQuery,
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
  });

describe('the mail composer, for a feature of its own', () => {
  it('lists every registered category without a session, the deal’s first', async () => {
    const response = await cast.visitor.api.get('/api/email/categories');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: { id: string }) => c.id)).toEqual([
      'bidUpdates',
      'dealUpdates',
      'reminders',
      'projectAlerts',
      'projectTips',
      'signInAlerts',
      'weeklyDigest',
    ]);
    expect(response.json()[5]).toEqual({
      id: 'signInAlerts',
      label: 'Sign-in alerts',
      description: 'A sign-in from a new device.',
      isOnByDefault: true,
      canTurnOff: false,
    });
  });

  it('puts the categories a person may turn off into their preferences, each at its default', async () => {
    const { api, user } = cast.otherSubmitter;
    expect((await api.get(prefsUrl(user.id))).json()).toEqual({
      bidUpdates: true,
      dealUpdates: true,
      reminders: true,
      projectAlerts: true,
      projectTips: true,
      weeklyDigest: false,
    });
    expect((await api.patch(choiceUrl(user.id), { category: 'weeklyDigest', isOn: true })).json()).toMatchObject({ weeklyDigest: true, projectTips: true });
    const fixed = await api.patch(choiceUrl(user.id), { category: 'signInAlerts', isOn: false });
    expect([fixed.statusCode, fixed.json()]).toEqual([400, { code: 'VALIDATION_FAILED', message: 'Sign-in alerts emails cannot be turned off' }]);
    const unknown = await api.patch(choiceUrl(user.id), { category: 'marketing', isOn: false });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { code: 'VALIDATION_FAILED', message: 'Unknown email category: marketing' }]);
    // The deal's three keep their PATCH, and it answers every category.
    expect((await api.patch(prefsUrl(user.id), { reminders: false })).json()).toEqual({
      bidUpdates: true,
      dealUpdates: true,
      reminders: false,
      projectAlerts: true,
      projectTips: true,
      weeklyDigest: true,
    });
    expect((await cast.finisher.api.patch(choiceUrl(user.id), { category: 'projectTips', isOn: false })).statusCode).toBe(403);
    expect((await cast.visitor.api.patch(choiceUrl(user.id), { category: 'projectTips', isOn: false })).statusCode).toBe(401);
  });

  it('mails one template as subject, text and HTML, escaping what people wrote, with the one-click headers', async () => {
    const { user } = cast.owner;
    await mail.send([tipMail.to(user.id, { projectName: 'Shop <script>alert(1)</script> & co', note: 'Ship <b>small</b>\nthen iterate' })]);
    const [sent] = mailer.to(user.email);
    expect(sent!.subject).toBe('A tip for "Shop <script>alert(1)</script> & co"');
    expect(sent!.text).toContain(`Hi ${user.username},`);
    expect(sent!.text).toContain('Split Shop <script>alert(1)</script> & co into small steps.');
    expect(sent!.text).toContain('> Ship <b>small</b>\n> then iterate');
    expect(sent!.text).toContain('You get this email because project tips are turned on for your Finishline account.');
    expect(sent!.html).toContain('Split <strong>Shop &lt;script&gt;alert(1)&lt;/script&gt; &amp; co</strong> into small steps.');
    expect(sent!.html).toContain('Ship &lt;b&gt;small&lt;/b&gt;');
    expect(sent!.html).toContain('href="https://finishline.test/projects?x=&quot;y&quot;"');
    expect(sent!.html).not.toMatch(/<script|<b>/);
    const link = oneClickOf(sent!.headers);
    expect(link![2]).toMatch(new RegExp(`^${user.id}\\.projectTips\\.`));
    expect(sent!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(sent!.text).toContain(`Turn off project tips emails: https://finishline.test/email/unsubscribe?token=${link![2]}`);
    expect(sent!.html).toContain('Turn off project tips emails</a>');
  });

  it('unsubscribes with one click from the header, without a session, and then mails no more of that category', async () => {
    const { user, api } = cast.finisher;
    await mail.send([tipMail.to(user.id, { projectName: 'Habit tracker', note: '' })]);
    const link = oneClickOf(mailer.to(user.email).at(-1)!.headers)!;
    const off = await oneClick(link[1]!);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ category: 'projectTips', message: 'Project tips emails are turned off.' });
    expect((await api.get(prefsUrl(user.id))).json()).toMatchObject({ projectTips: false, bidUpdates: true });

    const before = mailer.to(user.email).length;
    await mail.send([tipMail.to(user.id, { projectName: 'Habit tracker', note: '' })]);
    expect(mailer.to(user.email)).toHaveLength(before);
    // Turned back on in the preferences, it arrives again.
    expect((await api.patch(choiceUrl(user.id), { category: 'projectTips', isOn: true })).json()).toMatchObject({ projectTips: true });
    await mail.send([tipMail.to(user.id, { projectName: 'Habit tracker', note: '' })]);
    expect(mailer.to(user.email)).toHaveLength(before + 1);
  });

  it('refuses a tampered token, or one for mail that cannot be turned off, with 400 and changes nothing', async () => {
    const { user, api } = cast.otherFinisher;
    const token = signUnsubscribeToken(t.config.emailLinks.secret, user.id, 'projectTips');
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherCategory = token.replace('.projectTips.', '.weeklyDigest.');
    const retargeted = token.replace(/^\d+\./, `${cast.owner.user.id}.`);
    const fixed = signUnsubscribeToken(t.config.emailLinks.secret, user.id, 'signInAlerts');
    const unregistered = signUnsubscribeToken(t.config.emailLinks.secret, user.id, 'marketing');
    for (const bad of [flipped, otherCategory, retargeted, fixed, unregistered]) {
      const response = await oneClick(`/api/email/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe('INVALID_UNSUBSCRIBE_TOKEN');
    }
    expect((await api.get(prefsUrl(user.id))).json()).toMatchObject({ projectTips: true, weeklyDigest: false });
  });

  it('always sends mail that cannot be turned off, without an unsubscribe link or header', async () => {
    const { user } = cast.otherFinisher;
    // Even a stored "off" (written behind the API's back) does not stop it.
    await saveMailChoices(t.database.db, user.id, { signInAlerts: false });
    await mail.send([signInMail.to(user.id, { device: 'Firefox <on Linux>' })]);
    const sent = mailer.to(user.email).find((m) => m.subject === 'New sign-in')!;
    expect(sent.headers).toBeUndefined();
    expect(sent.text).not.toContain('unsubscribe');
    expect(sent.text).toContain('You get this email because it is about your Finishline account.');
    expect(sent.html).toContain('Firefox &lt;on Linux&gt;');
  });

  it('sends a category that is off by default only to those who turned it on', async () => {
    const { user } = cast.otherSubmitter; // turned weeklyDigest on above
    const other = cast.owner.user;
    const weekly = defineMail<null>({
      category: digest,
      content: () => ({ subject: 'Your week', paragraphs: [() => 'Three new projects.'], action: { label: 'Open', url: 'https://finishline.test/' } }),
    });
    await mail.send([weekly.to(user.id, null), weekly.to(other.id, null)]);
    expect(mailer.sent.filter((m) => m.subject === 'Your week').map((m) => m.to)).toEqual([user.email]);
  });

  it('refuses a letter of an unregistered category, and a second category under a taken id', async () => {
    await expect(
      mail.compose([{ to: { userId: cast.owner.user.id, category: 'marketing' }, content: signInMail.to(1, { device: 'x' }).content }]),
    ).rejects.toThrow('Mail of unregistered category "marketing"');
    const categories = new MailCategories();
    categories.register(tips);
    categories.register(tips);
    expect(() => categories.register({ ...tips, label: 'Other tips' })).toThrow('registered twice');
    expect(() => categories.register({ ...tips, id: 'Bad-id' })).toThrow('must match');
  });
});
