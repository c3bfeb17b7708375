import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { createProject, createUser, insertPayment } from '#test/support/factories.js';
import { splitPayment } from '#shared/domain/money.js';
import { bids } from '#server/db/schema/bids.js';
import { reviews } from '#server/db/schema/reviews.js';
import { type NewUserRow, users } from '#server/db/schema/users.js';

// GET /api/developers (issue 30, item 4): search, filters, sorts and keyset paging through the Link header.

let t: TestApp;
let ownerId: number;
const ids: Record<string, number> = {};

interface Card {
  id: number;
  username: string;
  averageRating: number | null;
  reviewCount: number;
  completedProjects: number;
  hourlyRate: number | null;
}

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return {
    status: response.statusCode,
    body: response.json() as Card[] & { code?: string; message?: string },
    link: response.headers.link as string | undefined,
  };
}

const usernamesOf = async (url: string) => (await get(url)).body.map((card) => card.username);

async function finisher(username: string, fields: Partial<NewUserRow> = {}) {
  const user = await createUser(t.database.db, { username, role: 'finisher', ...fields });
  ids[username] = user.id;
  return user;
}

async function review(revieweeId: number, rating: number) {
  const project = await createProject(t.database.db, { submitterId: ownerId });
  await t.database.db.insert(reviews).values({ projectId: project.id, reviewerId: ownerId, revieweeId, rating, revealedAt: new Date() });
}

/** A completed deal: accepted work whose payment is held. */
async function completedDeal(finisherId: number) {
  const project = await createProject(t.database.db, { submitterId: ownerId, finisherId, status: 'completed', acceptedAt: new Date() });
  const [bid] = await t.database.db
    .insert(bids)
    .values({ projectId: project.id, finisherId, amountCents: 40_000, timelineDays: 4, message: 'Done in four days.', status: 'completed' })
    .returning();
  await insertPayment(t.database.db, { bidId: bid!.id, ...splitPayment(40_000), status: 'held', heldAt: new Date() });
}

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createUser(t.database.db, { username: 'owner' })).id;
  // One match each: the username (as a prefix), the skills, the bio; dan matches nothing.
  await finisher('reactor', { skills: ['go'], bio: 'Backend person', hourlyRate: 50, onboardingComplete: true });
  await finisher('bea', { skills: ['React', 'TypeScript'], bio: 'Ships things', hourlyRate: 30 });
  await finisher('cal', { skills: ['python'], bio: 'I love React, react and more REACT with django', hourlyRate: null });
  await finisher('dan', { skills: ['rust'], bio: 'Systems', hourlyRate: 80, onboardingComplete: true });
  await review(ids.bea!, 5);
  await review(ids.cal!, 4);
  await review(ids.cal!, 4);
  await completedDeal(ids.dan!);
  await completedDeal(ids.dan!);
  await completedDeal(ids.reactor!);
});
afterAll(() => t.close());

describe('the directory search', () => {
  it('ranks a username match above a skills match above a bio match, whatever the ratings', async () => {
    expect(await usernamesOf('/api/developers?q=react')).toEqual(['reactor', 'bea', 'cal']);
    expect(await usernamesOf('/api/developers?q=REACT&sort=best_match')).toEqual(['reactor', 'bea', 'cal']);
  });

  it('takes the last word as a prefix and needs every word', async () => {
    expect(await usernamesOf('/api/developers?q=rea')).toEqual(['reactor', 'bea', 'cal']);
    expect(await usernamesOf('/api/developers?q=love%20rea')).toEqual(['cal']);
    expect(await usernamesOf('/api/developers?q=typescr')).toEqual(['bea']);
    expect(await usernamesOf('/api/developers?q=nobody%20matches')).toEqual([]);
    // Quotes, colons and ampersands are not tsquery syntax here.
    expect((await get(`/api/developers?q=${encodeURIComponent("re'act & :* |")}`)).status).toBe(200);
  });

  it('carries the rate, the rating and the completed projects on each card', async () => {
    const cards = (await get('/api/developers?q=cal')).body;
    expect(cards).toEqual([expect.objectContaining({ username: 'cal', hourlyRate: null, averageRating: 4, reviewCount: 2, completedProjects: 0 })]);
    expect((await get('/api/developers?q=dan')).body[0]).toMatchObject({ hourlyRate: 80, averageRating: null, reviewCount: 0, completedProjects: 2 });
  });
});

describe('the directory filters', () => {
  it('matches any of the skills, case-insensitively', async () => {
    expect((await usernamesOf('/api/developers?skills=REACT,rust')).sort()).toEqual(['bea', 'dan']);
  });

  it('filters on availability', async () => {
    expect((await usernamesOf('/api/developers?available=true')).sort()).toEqual(['dan', 'reactor']);
    expect((await usernamesOf('/api/developers?available=false')).sort()).toEqual(['bea', 'cal']);
  });

  it('combines the search and the filters', async () => {
    expect(await usernamesOf('/api/developers?q=react&available=false')).toEqual(['bea', 'cal']);
    expect(await usernamesOf('/api/developers?q=react&skills=go')).toEqual(['reactor']);
  });
});

describe('the directory sorts', () => {
  it('without q, best match is the rating, then completed projects', async () => {
    expect(await usernamesOf('/api/developers')).toEqual(['bea', 'cal', 'dan', 'reactor']);
    expect(await usernamesOf('/api/developers?sort=best_match')).toEqual(['bea', 'cal', 'dan', 'reactor']);
  });

  it('sorts by rating, by completed projects and by hourly rate (no rate last)', async () => {
    expect(await usernamesOf('/api/developers?sort=rating')).toEqual(['bea', 'cal', 'dan', 'reactor']);
    expect(await usernamesOf('/api/developers?sort=completed')).toEqual(['dan', 'reactor', 'bea', 'cal']);
    expect(await usernamesOf('/api/developers?sort=rate_asc')).toEqual(['bea', 'reactor', 'dan', 'cal']);
    expect(await usernamesOf('/api/developers?sort=rate_desc')).toEqual(['dan', 'reactor', 'bea', 'cal']);
    expect(await usernamesOf('/api/developers?q=react&sort=rating')).toEqual(['bea', 'cal', 'reactor']);
  });
});

describe('the directory pages', () => {
  const ties: number[] = [];
  beforeAll(async () => {
    // Twenty-five finishers alike in every sort key but the id.
    for (let index = 0; index < 25; index += 1) ties.push((await finisher(`tie${index}`, { skills: ['kotlin'], hourlyRate: 40 })).id);
  });

  /** Every page from `url`, following Link rel="next". */
  async function allPages(url: string) {
    const seen: number[] = [];
    let next: string | null = url;
    let pages = 0;
    while (next) {
      const page = await get(next);
      expect(page.status).toBe(200);
      seen.push(...page.body.map((card) => card.id));
      next = page.link ? /^<([^>]+)>; rel="next"$/.exec(page.link)![1]! : null;
      pages += 1;
    }
    return { seen, pages };
  }

  it.each(['best_match', 'rating', 'completed', 'rate_asc', 'rate_desc'])('pages through %s without gaps or repeats, ties included', async (sort) => {
    const whole = (await get(`/api/developers?sort=${sort}&limit=100`)).body.map((card) => card.id);
    expect(whole).toHaveLength(29);
    const { seen, pages } = await allPages(`/api/developers?sort=${sort}&limit=7`);
    expect(pages).toBe(5);
    expect(seen).toEqual(whole);
  });

  it('keeps the search and filters in the next link', async () => {
    const first = await get('/api/developers?q=tie&skills=kotlin&available=false&sort=rating&limit=10');
    expect(first.body).toHaveLength(10);
    const next = new URL(/^<([^>]+)>/.exec(first.link!)![1]!, 'http://x');
    expect(next.pathname).toBe('/api/developers');
    expect(Object.fromEntries(next.searchParams)).toMatchObject({ q: 'tie', skills: 'kotlin', available: 'false', sort: 'rating', limit: '10' });
    const { seen } = await allPages('/api/developers?q=tie&limit=10');
    expect(seen.sort((a, b) => a - b)).toEqual([...ties].sort((a, b) => a - b));
  });

  it('answers 20 by default and at most 100, with no link on the last page', async () => {
    const first = await get('/api/developers');
    expect(first.body).toHaveLength(20);
    expect(first.link).toMatch(/limit=20/);
    const all = await get('/api/developers?limit=100');
    expect(all.body).toHaveLength(29);
    expect(all.link).toBeUndefined();
    expect((await get('/api/developers?limit=1')).body).toHaveLength(1);
  });

  it('stays on the same order when a developer is added between pages', async () => {
    const first = await get('/api/developers?sort=rate_asc&limit=5');
    const late = await finisher('late', { hourlyRate: 1 });
    const rest = await allPages(/^<([^>]+)>/.exec(first.link!)![1]!);
    expect(rest.seen).not.toContain(late.id);
    expect(new Set([...first.body.map((card) => card.id), ...rest.seen]).size).toBe(29);
    await t.database.db.delete(users).where(eq(users.id, late.id));
  });
});

describe('bad directory requests', () => {
  it.each([
    ['sort=cheapest', /sort must be one of best_match, rating, completed, rate_asc, rate_desc/],
    ['limit=0', /limit must be at least 1/],
    ['limit=101', /limit must be at most 100/],
    ['limit=ten', /limit must be a number/],
    ['limit=2.5', /limit must be a whole number/],
    ['available=yes', /available must be 'true' or 'false'/],
    ['cursor=not-a-cursor', /The cursor is not valid/],
    [`q=${'a'.repeat(201)}`, /q must be at most 200 characters/],
  ])('%s answers 400 with a clear message', async (query, message) => {
    const response = await get(`/api/developers?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(message) });
  });

  it('refuses a cursor of another sort or a forged one', async () => {
    const link = (await get('/api/developers?sort=rating&limit=2')).link!;
    const cursor = new URL(/^<([^>]+)>/.exec(link)![1]!, 'http://x').searchParams.get('cursor')!;
    expect((await get(`/api/developers?sort=completed&limit=2&cursor=${cursor}`)).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(['rating', ['1); drop table users; --', '0', '0'], 1])).toString('base64url');
    expect((await get(`/api/developers?sort=rating&cursor=${forged}`)).status).toBe(400);
  });
});

describe('best match with words, read in bounded branches (decision 066)', () => {
  it('pages through username, skills, bio and split matches in rank order, at every page size', async () => {
    // Every score a search can give: username (4+), skills (2), bio (1), and two words split across
    // fields (0); several bio matches apart only by rating, deals and id.
    await finisher('quorbly', { skills: ['go'], bio: 'Backend quorbly and dash' });
    await finisher('q_skills', { skills: ['Quorbly', 'Dash'], bio: 'Ships things' });
    for (let index = 0; index < 5; index += 1) await finisher(`q_bio${index}`, { skills: ['go'], bio: `I love quorbly dash number ${index}` });
    await finisher('q_split', { skills: ['dash'], bio: 'quorbly work' });
    await finisher('q_none', { skills: ['dash'], bio: 'nothing else' });
    await review(ids.q_bio3!, 5);
    await review(ids.q_bio1!, 3);
    await completedDeal(ids.q_bio4!);
    // One word: username (4 + 1 for the bio), skills (2), then the bio matches (1) by rating, deals, newest id.
    const bio = ['q_bio3', 'q_bio1', 'q_bio4'];
    expect(await usernamesOf('/api/developers?q=quorbly&limit=100')).toEqual(['quorbly', 'q_skills', ...bio, 'q_split', 'q_bio2', 'q_bio0']);
    // Two words: both skills (2); both in the bio (1: quorbly's username has one of them); split (0).
    expect(await usernamesOf('/api/developers?q=quorbly%20dash&limit=100')).toEqual(['q_skills', ...bio, 'q_bio2', 'q_bio0', 'quorbly', 'q_split']);
    for (const text of ['quorbly', 'quorbly%20dash', 'quorb'])
      for (const limit of [1, 2, 3]) {
        const whole = (await get(`/api/developers?q=${text}&limit=100`)).body.map((card) => card.id);
        const seen: number[] = [];
        let next: string | null = `/api/developers?q=${text}&limit=${limit}`;
        while (next) {
          const page = await get(next);
          expect(page.status).toBe(200);
          seen.push(...page.body.map((card) => card.id));
          next = page.link ? /^<([^>]+)>; rel="next"$/.exec(page.link)![1]! : null;
        }
        expect(seen, `${text} limit ${limit}`).toEqual(whole);
      }
  });
});
