import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEmailCategory } from '#shared/domain/email-categories.js';
import { CapturingMailer } from '#test/fakes/email.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createUser, signIn } from '#test/support/factories.js';
import type { AppContext } from '#server/context.js';
import { users } from '#server/db/schema/users.js';
import { defineMail, type MailComposer } from '#server/mail/mail-composer.js';
import { readerDay } from '#server/features/notifications/reader-day.js';

// Decision 048: a person reads mail in the zone they chose, the browser's at registration.

const deadlines = defineEmailCategory({ id: 'zoneTest', label: 'Zone tests', description: 'Dates in a zone.', isOnByDefault: true, canTurnOff: true });
const deadlineMail = defineMail<{ dueAt: string }>({
  category: deadlines,
  content: ({ dueAt }) => ({
    subject: 'Due soon',
    paragraphs: [(f) => `Please deliver by ${f.date(dueAt)}.`],
    action: { label: 'Open', url: 'https://finishline.test/' },
  }),
});

let t: TestApp;
let cast: Cast;
let mail: MailComposer;
const mailer = new CapturingMailer();
beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL: 'https://finishline.test', EMAIL_LINK_SECRET: 'a-test-secret-of-some-length' },
    {
      mailer,
      features: [
        (ctx: AppContext) => {
          ctx.mail.categories.register(deadlines);
          mail = ctx.mail;
        },
      ],
    },
  );
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const zoneOf = async (id: number) => (await t.database.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, id)))[0]!.timeZone;
const put = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/account/time-zone', payload: payload as object, headers: cookie ? { cookie } : {} });

let n = 0;
const registration = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return { username: `zoned${n}`, email: `zoned${n}@example.test`, password: 'secret123', role: 'developer', ...overrides };
};
const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object });

describe('POST /api/register with the browser’s zone', () => {
  it('stores the zone the browser sent, as Intl spells it, and returns it with the user', async () => {
    const response = await register(registration({ timeZone: 'America/Los_Angeles' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ timeZone: 'America/Los_Angeles' });
    expect(await zoneOf(response.json().id)).toBe('America/Los_Angeles');
    const lowerCase = await register(registration({ timeZone: 'utc' }));
    expect(lowerCase.json().timeZone).toBe('UTC');
  });

  it('reads time in UTC for a registration without a zone', async () => {
    const response = await register(registration());
    expect(response.statusCode).toBe(201);
    expect(response.json().timeZone).toBe('UTC');
  });

  it('refuses a zone Intl does not know with a 400 a person can read, and creates no account', async () => {
    const body = registration({ timeZone: 'Mars/Olympus_Mons' });
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: '"Mars/Olympus_Mons" is not a time zone we know; please choose one from the list',
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });
});

describe('PUT /api/account/time-zone', () => {
  it('sets the caller’s own zone, which GET /api/user then reads, and no one else’s', async () => {
    const before = await zoneOf(cast.finisher.user.id);
    const response = await put(undefined, { timeZone: 'Europe/Berlin' });
    expect(response.statusCode).toBe(401);
    const owner = await signIn(t.app, cast.owner.user.email);
    const saved = await put(owner, { timeZone: 'Europe/Berlin' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ timeZone: 'Europe/Berlin' });
    expect((await cast.owner.api.get('/api/user')).json().timeZone).toBe('Europe/Berlin');
    // No user id in the path or body: the other party, a stranger and a losing finisher set only their own.
    for (const other of [cast.finisher, cast.otherFinisher, cast.otherSubmitter]) {
      const cookie = await signIn(t.app, other.user.email);
      expect((await put(cookie, { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
      expect(await zoneOf(cast.owner.user.id)).toBe('Europe/Berlin');
    }
    expect(before).toBe('UTC');
    expect(await zoneOf(cast.finisher.user.id)).toBe('Asia/Tokyo');
    const refused = await put(owner, { timeZone: 'Asia/Tokyo', userId: cast.finisher.user.id });
    expect(refused.statusCode).toBe(400);
  });

  it('lets an operator choose their zone too', async () => {
    const operator = await createUser(t.database.db, { role: 'operator' });
    const response = await put(await signIn(t.app, operator.email), { timeZone: 'Asia/Kolkata' });
    expect(response.statusCode).toBe(200);
    expect(await zoneOf(operator.id)).toBe(response.json().timeZone);
  });

  it.each([
    [{ timeZone: 'Not/A_Zone' }, '"Not/A_Zone" is not a time zone we know; please choose one from the list'],
    [{ timeZone: '' }, '"" is not a time zone we know; please choose one from the list'],
    [{ timeZone: 'x'.repeat(65) }, 'Please choose a time zone from the list'],
    [{}, 'Please choose a time zone'],
  ])('refuses %j with a human message and keeps the zone', async (body, message) => {
    const user = await createUser(t.database.db, { timeZone: 'Europe/Lisbon' });
    const response = await put(await signIn(t.app, user.email), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await zoneOf(user.id)).toBe('Europe/Lisbon');
  });
});

describe('mail in the recipient’s zone', () => {
  it('writes one deadline as the day it falls on where each recipient chose to read time', async () => {
    const west = await createUser(t.database.db, { timeZone: 'America/Los_Angeles' });
    const east = await createUser(t.database.db, { timeZone: 'Asia/Tokyo' });
    const unset = await createUser(t.database.db);
    // 06:05 UTC on 30 November: the evening of the 29th in Los Angeles.
    const dueAt = '2026-11-30T06:05:00.000Z';
    const [toWest, toEast, toUnset] = await mail.compose([
      deadlineMail.to(west.id, { dueAt }),
      deadlineMail.to(east.id, { dueAt }),
      deadlineMail.to(unset.id, { dueAt }),
    ]);
    expect(toWest!.text).toContain('Please deliver by 29 Nov.');
    expect(toWest!.html).toContain(`Please deliver by <time datetime="${dueAt}">29 Nov</time>.`);
    expect(toEast!.text).toContain('Please deliver by 30 Nov.');
    expect(toUnset!.text).toContain('Please deliver by 30 Nov.');
  });
});

describe('notifications in the recipient’s zone', () => {
  it('write a deadline’s day as the recipient reads it, UTC for one who never chose', async () => {
    const west = await createUser(t.database.db, { timeZone: 'America/Los_Angeles' });
    const unset = await createUser(t.database.db);
    expect(await readerDay(t.database.db, west.id, '2026-11-30T06:05:00.000Z')).toBe('29 Nov');
    expect(await readerDay(t.database.db, unset.id, '2026-11-30T06:05:00.000Z')).toBe('30 Nov');
  });
});
