import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapturingMailer } from '#test/fakes/email.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { DAY_MS, HOUR_MS, TestClock } from '#test/support/clock.js';
import { createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import type { SavedSearch } from '#shared/contracts/saved-searches.js';
import { savedSearchLimits } from '#shared/domain/limits.js';
import { MATCH_SAVED_SEARCHES_JOB, nextDigestAt } from '#shared/domain/saved-searches.js';
import { enqueueJob } from '#server/jobs/job-queue.js';
import { buildApp } from '#server/app.js';
import { notifications } from '#server/db/schema/notifications.js';
import { savedSearches, savedSearchMatches } from '#server/db/schema/saved-searches.js';

let t: TestApp;
let cast: Cast;
const mailer = new CapturingMailer();
// 07:00 UTC: the day's digest (08:00 by default) is an hour away.
const clock = new TestClock('2026-11-23T07:00:00Z');
beforeAll(async () => {
  t = await createTestApp({}, { mailer, clock });
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

type Api = Cast['owner']['api'];
const save = (api: Api, userId: number, body: Record<string, unknown>) => api.post(`/api/users/${userId}/saved-searches`, body);
let projectNumber = 0;
/** The owner posts a project through the API, as people do: its post records the event the alerts follow. */
async function post(fields: { name?: string; description?: string; techStack?: string[]; budget?: number } = {}, api: Api = cast.owner.api) {
  projectNumber += 1;
  const response = await api.post('/api/projects', {
    name: fields.name ?? `Plain project ${projectNumber}`,
    description: fields.description ?? 'A half-built tool: the core works; the settings screens and the tests still need finishing.',
    techStack: fields.techStack ?? ['Elm'],
    codeLink: 'https://github.com/example/project',
    ...(fields.budget === undefined ? {} : { budget: fields.budget }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}
const runJobs = async () => {
  while ((await t.app.runDueJobs()) > 0);
};
const alertsOf = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, 'New project for your saved search')));

describe('saved searches (GET/POST/DELETE /api/users/{id}/saved-searches)', () => {
  it('saves, lists and deletes a developer’s own searches, and refuses anyone else', async () => {
    const created = await save(cast.finisher.api, cast.finisher.user.id, { q: 'Invoice export', tech: ['React', 'React'], minBudget: 500, frequency: 'daily' });
    expect(created.statusCode).toBe(201);
    const search = created.json() as SavedSearch;
    expect(search).toMatchObject({ q: 'Invoice export', tech: ['React'], minBudget: 500, maxBudget: null, frequency: 'daily', matchCount: 0 });
    const listed = (await cast.finisher.api.get(`/api/users/${cast.finisher.user.id}/saved-searches`)).json() as SavedSearch[];
    expect(listed.map((s) => s.id)).toContain(search.id);

    const operator = await createUser(t.database.db, { role: 'operator' });
    const operatorApi = client(t.app, await signIn(t.app, operator.email));
    for (const [api, status] of [
      [cast.otherFinisher.api, 403],
      [cast.owner.api, 403],
      [operatorApi, 403],
      [cast.visitor.api, 401],
    ] as const) {
      expect((await api.get(`/api/users/${cast.finisher.user.id}/saved-searches`)).statusCode).toBe(status);
      expect((await save(api, cast.finisher.user.id, { q: 'x', frequency: 'instant' })).statusCode).toBe(status);
      expect((await api.delete(`/api/users/${cast.finisher.user.id}/saved-searches/${search.id}`)).statusCode).toBe(status);
    }
    // Owners do not save project searches.
    const byOwner = await save(cast.owner.api, cast.owner.user.id, { q: 'anything', frequency: 'instant' });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ code: 'FORBIDDEN', message: 'Only developers can save project searches' });
    // Another developer's search is not found under one's own id.
    expect((await cast.otherFinisher.api.delete(`/api/users/${cast.otherFinisher.user.id}/saved-searches/${search.id}`)).statusCode).toBe(404);

    expect((await cast.finisher.api.delete(`/api/users/${cast.finisher.user.id}/saved-searches/${search.id}`)).statusCode).toBe(204);
    expect((await cast.finisher.api.delete(`/api/users/${cast.finisher.user.id}/saved-searches/${search.id}`)).statusCode).toBe(404);
  });

  it('answers bad input with a clear 400 and writes nothing', async () => {
    const id = cast.otherFinisher.user.id;
    const before = await t.database.db.$count(savedSearches, eq(savedSearches.userId, id));
    for (const [body, message] of [
      [{ frequency: 'instant' }, 'Add a search text, a technology or a budget to save this search'],
      [{ q: '   ', frequency: 'instant' }, 'Add a search text, a technology or a budget to save this search'],
      [{ q: 'x', frequency: 'weekly' }, "frequency must be 'instant' or 'daily'"],
      [{ q: 'x' }, "frequency must be 'instant' or 'daily'"],
      [{ minBudget: 900, maxBudget: 100, frequency: 'daily' }, 'The minimum budget must not be more than the maximum'],
      [{ minBudget: -1, frequency: 'daily' }, 'minBudget must be a whole number of dollars'],
      [{ minBudget: 1.5, frequency: 'daily' }, 'minBudget must be a whole number of dollars'],
      [{ maxBudget: 100_000_000, frequency: 'daily' }, 'maxBudget must be at most 10000000 dollars'],
      [{ maxBudget: 2 ** 53, frequency: 'daily' }, 'maxBudget must be a whole number of dollars'],
      [{ q: 'x'.repeat(201), frequency: 'daily' }, 'The search text must be at most 200 characters'],
      [{ tech: Array.from({ length: 11 }, (_, i) => `T${i}`), frequency: 'daily' }, 'A saved search can name at most 10 technologies'],
      [{ q: 'x', frequency: 'daily', extra: 1 }, undefined],
    ] as const) {
      const response = await save(cast.otherFinisher.api, id, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      if (message) expect(response.json().message).toBe(message);
    }
    for (const path of ['0', '-1', '2147483648', 'abc']) expect((await cast.otherFinisher.api.get(`/api/users/${path}/saved-searches`)).statusCode).toBe(400);
    expect((await cast.otherFinisher.api.delete(`/api/users/${id}/saved-searches/2147483648`)).statusCode).toBe(400);
    expect(await t.database.db.$count(savedSearches, eq(savedSearches.userId, id))).toBe(before);
  });

  it(`keeps at most ${savedSearchLimits.perUser} per developer, also when they arrive at once`, async () => {
    const developer = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, developer.email));
    const answers = await Promise.all(
      Array.from({ length: savedSearchLimits.perUser + 3 }, (_, i) => save(api, developer.id, { q: `word${i}`, frequency: 'instant' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(savedSearchLimits.perUser);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.json())).toEqual(
      Array(3).fill({ code: 'CONFLICT', message: `You can keep at most ${savedSearchLimits.perUser} saved searches: delete one to save another` }),
    );
  });
});

describe('alerts', () => {
  it('matches a new project on its text, any of its technologies and its budget range, never the owner’s own, once per project and search', async () => {
    const dev = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, dev.email));
    const text = (await save(api, dev.id, { q: 'lighthouse', frequency: 'instant' })).json() as SavedSearch;
    const tech = (await save(api, dev.id, { tech: ['Zig', 'Haskell'], frequency: 'instant' })).json() as SavedSearch;
    const budget = (await save(api, dev.id, { minBudget: 1000, maxBudget: 2000, frequency: 'instant' })).json() as SavedSearch;

    const byName = await post({ name: 'Lighthouse keeper app', budget: 500 });
    const byTech = await post({ techStack: ['Haskell', 'Elm'], budget: 3000 });
    const byBudget = await post({ budget: 1500 });
    const none = await post({ budget: 999 });
    await runJobs();

    const matched = async (search: SavedSearch) =>
      (await t.database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, search.id))).map((m) => m.projectId).sort();
    expect(await matched(text)).toEqual([byName.id]);
    expect(await matched(tech)).toEqual([byTech.id]);
    expect(await matched(budget)).toEqual([byBudget.id]);
    expect((await alertsOf(dev.id)).map((n) => n.relatedId).sort()).toEqual([byName.id, byTech.id, byBudget.id].sort());
    expect((await alertsOf(dev.id)).find((n) => n.relatedId === byName.id)!.content).toBe(
      `"Lighthouse keeper app" (budget $500) matches your saved search "lighthouse".`,
    );
    expect((await alertsOf(dev.id)).some((n) => n.relatedId === none.id)).toBe(false);
    // Instant: a mail each, at once.
    await expect.poll(() => mailer.to(dev.email).length).toBe(3);
    expect(mailer.to(dev.email).map((m) => m.subject)).toContain('New project: "Lighthouse keeper app"');

    // A replayed job, or a second instance on the same database, tells no one twice.
    const second = await buildApp({ config: t.config, database: t.database, logger: false, clientDir: null, clock, mailer });
    try {
      for (const key of ['replay-a', 'replay-b'])
        await enqueueJob(t.database.db, {
          kind: MATCH_SAVED_SEARCHES_JOB,
          key: `project:${byName.id}:${key}`,
          dueAt: clock.now(),
          payload: { projectId: byName.id },
        });
      await Promise.all([second.runDueJobs(), t.app.runDueJobs()]);
    } finally {
      await second.close();
    }
    expect((await alertsOf(dev.id)).filter((n) => n.relatedId === byName.id)).toHaveLength(1);
    expect(await matched(text)).toEqual([byName.id]);

    // A developer's own project? Developers do not post; an owner's own search never matches: the owner cannot save one.
    const list = (await api.get(`/api/users/${dev.id}/saved-searches`)).json() as SavedSearch[];
    expect(list.find((s) => s.id === text.id)!.matchCount).toBe(1);

    // A deleted search takes its matches with it (a trigger, migration 0027: the table has no keys to cascade).
    expect((await api.delete(`/api/users/${dev.id}/saved-searches/${text.id}`)).statusCode).toBe(204);
    expect(await matched(text)).toEqual([]);
    expect(await matched(tech)).toEqual([byTech.id]);
  });

  it('keeps a word no project has yet beside its nearest word, so the project that brings it later matches', async () => {
    await post({ name: 'Wallabyzone tracker' });
    await runJobs();
    const dev = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, dev.email));
    const search = (await save(api, dev.id, { q: 'wallabyzine', frequency: 'instant' })).json() as SavedSearch;
    const later = await post({ name: 'Wallabyzine planner' });
    await runJobs();
    const matched = await t.database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, search.id));
    expect(matched.map((m) => m.projectId)).toEqual([later.id]);
  });

  it('reads a search anchored at one of its words, a prefix or none, and finds every match of each kind', async () => {
    // 'heronwatch' joins the catalogue's words with this project.
    await post({ name: 'Heronwatch station' });
    await runJobs();
    const dev = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, dev.email));
    const saved = async (body: Record<string, unknown>) => ((await save(api, dev.id, { ...body, frequency: 'daily' })).json() as SavedSearch).id;
    const ids = {
      twoWords: await saved({ q: 'station heronwatch' }),
      prefix: await saved({ q: 'heronwat' }),
      typo: await saved({ q: 'heronwatsh' }),
      tech: await saved({ tech: ['Idris'] }),
      filtersOnly: await saved({ minBudget: 70_000, maxBudget: 70_001 }),
    };
    const anchors = new Map(
      (await t.database.db.select({ id: savedSearches.id, anchor: savedSearches.anchor }).from(savedSearches).where(eq(savedSearches.userId, dev.id))).map(
        (row) => [row.id, row.anchor],
      ),
    );
    // A whole word both words need; the last word's prefix; a typo reads two words, so none is required.
    expect(anchors.get(ids.twoWords)).toBe('station');
    expect(anchors.get(ids.prefix)).toBe('heronwat');
    expect(anchors.get(ids.typo)).toBeNull();
    expect([anchors.get(ids.tech), anchors.get(ids.filtersOnly)]).toEqual([null, null]);

    const both = await post({ name: 'Heronwatch station refit', techStack: ['Idris'], budget: 70_000 });
    // Only one of the two words, in the description: the two-word search does not match; the others do.
    const oneWord = await post({ name: 'Tide gauge', description: 'A heronwatch feed for the harbour: alerts and the map still need finishing.' });
    await runJobs();
    const matched = async (searchId: number) =>
      (await t.database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, searchId))).map((m) => m.projectId).sort();
    expect(await matched(ids.twoWords)).toEqual([both.id]);
    expect(await matched(ids.prefix)).toEqual([both.id, oneWord.id].sort());
    expect(await matched(ids.typo)).toEqual([both.id, oneWord.id].sort());
    expect(await matched(ids.tech)).toEqual([both.id]);
    expect(await matched(ids.filtersOnly)).toEqual([both.id]);
  });

  it('sends a daily search’s matches in one digest at the configured hour, once', async () => {
    const dev = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, dev.email));
    await save(api, dev.id, { q: 'aquarium', frequency: 'daily' });
    await save(api, dev.id, { tech: ['Fortran'], frequency: 'daily' });
    const first = await post({ name: 'Aquarium planner', budget: 800 });
    const second = await post({ techStack: ['Fortran'] });
    await runJobs();
    // In the app at once; no mail yet.
    expect((await alertsOf(dev.id)).map((n) => n.relatedId).sort()).toEqual([first.id, second.id].sort());
    expect(mailer.to(dev.email)).toHaveLength(0);

    const dueAt = nextDigestAt(clock.now(), 8 * HOUR_MS);
    clock.set(new Date(dueAt.getTime() - 1));
    await runJobs();
    expect(mailer.to(dev.email)).toHaveLength(0);
    clock.set(dueAt);
    await runJobs();
    await expect.poll(() => mailer.to(dev.email).length).toBe(1);
    const [digest] = mailer.to(dev.email);
    expect(digest!.subject).toBe('2 new projects for your saved searches');
    expect(digest!.text).toContain('Aquarium planner');
    expect(digest!.text).toContain(`/projects/${second.id}`);
    clock.advance(DAY_MS);
    await runJobs();
    expect(mailer.to(dev.email)).toHaveLength(1);
  });
});
