import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject } from '#test/support/factories.js';
import { projects } from '#server/db/schema/projects.js';
import { searchQueries, searchQueryText } from '#server/db/search-query.js';
import { findPageIds, type SearchCursor } from './projects.search.js';

// Ranked search, filters, orders and paging of GET /api/projects (issue 30, items 1 and 2; decision 062).
// Every project here carries the made-up word of its test, so the other tests' projects never match.

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

type Item = { id: number; name: string; budget: number | null; budgetCents: number | null; bidCount: number; techStack: string[] };
const day = (n: number) => new Date(Date.UTC(2024, 0, n));
const names = async (url: string, api = cast.visitor.api) => {
  const response = await api.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Item[]).map((p) => p.name);
};

/** Follows the Link rel="next" header from url, answering every name in order. */
async function allPages(url: string) {
  const seen: string[] = [];
  let next: string | null = url;
  let pages = 0;
  while (next && pages < 20) {
    const response = await cast.visitor.api.get(next);
    expect(response.statusCode, response.body).toBe(200);
    seen.push(...(response.json() as Item[]).map((p) => p.name));
    const link = response.headers.link as string | undefined;
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    pages += 1;
  }
  return { seen, pages };
}

describe('text search ranks', () => {
  beforeAll(async () => {
    const owner = cast.otherSubmitter.user.id;
    const long = 'A half-built application that needs a finisher to wire up the remaining features and its tests.';
    // Oldest first: the name match is the oldest, so only its rank puts it first.
    await createProject(t.database.db, { submitterId: owner, name: 'Zorblax dashboard', description: long, techStack: ['Go'], createdAt: day(1) });
    await createProject(t.database.db, { submitterId: owner, name: 'Inventory tool', description: long, techStack: ['Zorblax'], createdAt: day(2) });
    await createProject(t.database.db, {
      submitterId: owner,
      name: 'Invoice tool',
      description: `${long} Built on zorblax.`,
      techStack: ['Go'],
      createdAt: day(3),
    });
    await createProject(t.database.db, {
      submitterId: owner,
      name: 'Booking tool',
      description: `${long} Also zorblax.`,
      techStack: ['Go'],
      createdAt: day(4),
    });
  });

  it('puts a name match above a technology match above a description match, then the newest', async () => {
    expect(await names('/api/projects?q=zorblax')).toEqual(['Zorblax dashboard', 'Inventory tool', 'Booking tool', 'Invoice tool']);
  });

  it('reads the last word as a prefix and tolerates a typo in a word no project has', async () => {
    expect(await names('/api/projects?q=zorbl')).toContain('Zorblax dashboard');
    expect(await names('/api/projects?q=ZORBLAKS')).toContain('Zorblax dashboard');
    expect(await names('/api/projects?q=zorblax%20dashbaord')).toEqual(['Zorblax dashboard']);
    expect(await names('/api/projects?q=qqqxxj')).toEqual([]);
  });

  it('orders newest first when asked, and a search of stop words only lists everything', async () => {
    expect(await names('/api/projects?q=zorblax&sort=newest')).toEqual(['Booking tool', 'Invoice tool', 'Inventory tool', 'Zorblax dashboard']);
    expect(await names('/api/projects?q=the')).toEqual(await names('/api/projects'));
  });

  it('pages through relevance without gaps or repeats', async () => {
    const { seen, pages } = await allPages('/api/projects?q=zorblax&limit=1');
    expect(pages).toBe(4);
    expect(seen).toEqual(['Zorblax dashboard', 'Inventory tool', 'Booking tool', 'Invoice tool']);
  });
});

describe('filters and orders', () => {
  beforeAll(async () => {
    const owner = cast.otherSubmitter.user.id;
    const rows: [string, string[], number | null][] = [
      ['Quillfeather one', ['Elm'], 100_00],
      ['Quillfeather two', ['Elm', 'Haskell'], 900_00],
      ['Quillfeather three', ['Haskell'], 500_00],
      ['Quillfeather four', ['OCaml'], null],
      ['Quillfeather five', ['Elm'], 500_00],
    ];
    for (const [i, [name, techStack, budgetCents]] of rows.entries())
      await createProject(t.database.db, { submitterId: owner, name, techStack, budgetCents, createdAt: day(10 + i) });
    await createProject(t.database.db, { submitterId: owner, name: 'Quillfeather paused', techStack: ['Elm'], status: 'paused', createdAt: day(20) });
  });
  const base = '/api/projects?q=quillfeather&sort=newest';

  it('filters by one or more technologies (any of them) and a budget range', async () => {
    expect(await names(`${base}&tech=Haskell`)).toEqual(['Quillfeather three', 'Quillfeather two']);
    expect(await names(`${base}&tech=Haskell&tech=OCaml`)).toEqual(['Quillfeather four', 'Quillfeather three', 'Quillfeather two']);
    expect(await names(`${base}&minBudget=500`)).toEqual(['Quillfeather five', 'Quillfeather three', 'Quillfeather two']);
    expect(await names(`${base}&minBudget=100&maxBudget=500`)).toEqual(['Quillfeather five', 'Quillfeather three', 'Quillfeather one']);
  });

  it('sorts by budget both ways (no budget last) and by fewest bids, paging through each', async () => {
    const budgetDesc = await allPages('/api/projects?q=quillfeather&sort=budget_desc&limit=2');
    expect(budgetDesc.seen).toEqual(['Quillfeather two', 'Quillfeather five', 'Quillfeather three', 'Quillfeather one', 'Quillfeather four']);
    const budgetAsc = await allPages('/api/projects?q=quillfeather&sort=budget_asc&limit=2');
    expect(budgetAsc.seen).toEqual(['Quillfeather one', 'Quillfeather five', 'Quillfeather three', 'Quillfeather two', 'Quillfeather four']);
    const [five] = (await cast.visitor.api.get('/api/projects?q=quillfeather%20five').then((r) => r.json())) as Item[];
    const bid = await cast.finisher.api.post(`/api/projects/${five!.id}/bids`, {
      amount: 400,
      timeline: 5,
      message: 'I can finish this in five days, with tests.',
    });
    expect(bid.statusCode).toBe(201);
    const fewest = await allPages('/api/projects?q=quillfeather&sort=fewest_bids&limit=3');
    expect(fewest.seen.at(-1)).toBe('Quillfeather five');
    expect(fewest.seen).toHaveLength(5);
    const [counted] = (await cast.visitor.api.get('/api/projects?q=quillfeather%20five').then((r) => r.json())) as Item[];
    expect(counted).toMatchObject({ bidCount: 1, budget: 500, budgetCents: 500_00 });
  });

  it('keeps the filters in the next page link', async () => {
    const response = await cast.visitor.api.get(`${base}&tech=Elm&tech=Haskell&minBudget=100&limit=1`);
    expect(response.headers.link).toMatch(/q=quillfeather&tech=Elm&tech=Haskell&minBudget=100&sort=newest&limit=1&cursor=/);
  });

  it('shows an owner their own paused project among the results, and nobody else', async () => {
    expect(await names(base, cast.otherSubmitter.api)).toContain('Quillfeather paused');
    expect(await names(base, cast.owner.api)).not.toContain('Quillfeather paused');
    expect(await names(base)).not.toContain('Quillfeather paused');
  });

  it('refuses bad filters with a clear 400', async () => {
    const cases: [string, string][] = [
      ['minBudget=600&maxBudget=500', 'The minimum budget must not be more than the maximum'],
      ['minBudget=12.5', 'minBudget must be a whole number of dollars'],
      ['maxBudget=-1', 'maxBudget must be a whole number of dollars'],
      ['maxBudget=10000001', 'maxBudget must be at most 10000000 dollars'],
      ['maxBudget=99999999999999999999', 'maxBudget must be a whole number of dollars'],
      ['sort=cheapest', 'sort must be one of relevance, newest, budget_desc, budget_asc, fewest_bids'],
      [`tech=${'x'.repeat(41)}`, 'Each technology must be at most 40 characters'],
      [Array.from({ length: 11 }, (_, i) => `tech=T${i}`).join('&'), 'A search can name at most 10 technologies'],
      [`q=${'a'.repeat(201)}`, 'The search text must be at most 200 characters'],
    ];
    for (const [query, message] of cases) {
      const response = await cast.visitor.api.get(`/api/projects?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('refuses a newest-first cursor for an order with a sort key', async () => {
    const first = await cast.visitor.api.get(`${base}&limit=1`);
    const cursor = /cursor=([^&>]+)/.exec(first.headers.link as string)![1]!;
    const response = await cast.visitor.api.get(`/api/projects?q=quillfeather&sort=budget_desc&cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The cursor is not valid');
  });
});

describe('the capped ordered scan', () => {
  it('finds the same pages as reading every match, for each order, with and without a viewer', async () => {
    const owner = cast.otherSubmitter.user.id;
    for (let i = 0; i < 12; i += 1)
      await createProject(t.database.db, {
        submitterId: owner,
        name: i % 3 === 0 ? `Plumtastic tool ${i}` : `Other tool ${i}`,
        description: `A half-built application that needs a finisher${i % 2 ? ' for plumtastic users' : ''} to wire up the remaining features.`,
        budgetCents: (i % 4) * 10_000 || null,
        status: i === 5 ? 'paused' : 'open',
        createdAt: day(40 + i),
      });
    const tsquery = await searchQueryText(t.database.db, 'plumtastic');
    for (const sort of ['relevance', 'newest', 'budget_desc', 'budget_asc', 'fewest_bids'] as const)
      for (const viewerId of [null, owner]) {
        const pages = async (cap: number) => {
          const seen: number[] = [];
          let cursor: SearchCursor | null = null;
          do {
            const page: Awaited<ReturnType<typeof findPageIds>> = await findPageIds(
              t.database.db,
              { viewerId, query: { limit: 2, sort }, tsquery, cursor },
              cap,
            );
            seen.push(...page.ids);
            cursor = page.next;
          } while (cursor);
          return seen;
        };
        const all = await pages(1_000_000);
        expect(all.length, `${sort} ${viewerId}`).toBeGreaterThan(3);
        for (const cap of [1, 3, 5]) expect(await pages(cap), `${sort} ${viewerId} cap ${cap}`).toEqual(all);
      }
  });
});

describe('kept counts', () => {
  it('counts bids placed at once on one project, each once', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, name: 'Gribbleworth counter' });
    const bid = { amount: 300, timeline: 4, message: 'I can finish this in four days, with tests.' };
    const answers = await Promise.all([cast.finisher.api, cast.otherFinisher.api].map((api) => api.post(`/api/projects/${project.id}/bids`, bid)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [item] = (await cast.visitor.api.get('/api/projects?q=gribbleworth').then((r) => r.json())) as Item[];
    expect(item!.bidCount).toBe(2);
  });

  it('lists a technology while a listed project uses it, and no longer once none does', async () => {
    const technologies = async () => (await cast.visitor.api.get('/api/technologies')).json() as Promise<string[]>;
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, techStack: ['Brainfunk', 'Go'] });
    expect(await technologies()).toContain('Brainfunk');
    expect((await cast.owner.api.patch(`/api/projects/${project.id}/status`, { status: 'paused' })).statusCode).toBe(200);
    expect(await technologies()).not.toContain('Brainfunk');
    expect((await cast.owner.api.patch(`/api/projects/${project.id}/status`, { status: 'active' })).statusCode).toBe(200);
    expect(await technologies()).toContain('Brainfunk');
    await t.database.db.delete(projects).where(eq(projects.id, project.id));
    expect(await technologies()).not.toContain('Brainfunk');
  });
});

describe('the last word', () => {
  beforeAll(async () => {
    const owner = cast.otherSubmitter.user.id;
    await createProject(t.database.db, { submitterId: owner, name: 'Gromwelk tool', techStack: ['C++'], createdAt: day(60) });
    await createProject(t.database.db, { submitterId: owner, name: 'Gromwelkery tool', techStack: ['Clojure'], createdAt: day(61) });
  });

  it('tries the whole word first for relevance, and its prefix when the whole word finds fewer than the candidates', async () => {
    expect(await searchQueries(t.database.db, 'gromwelk')).toEqual({ prefixed: "'gromwelk':*", exact: "'gromwelk'", prefixAdds: true });
    expect(await searchQueries(t.database.db, 'gromwelkery')).toMatchObject({ exact: "'gromwelkeri'", prefixAdds: false });
    // Two matches, fewer than rankedCandidates: the prefix's too.
    expect(await names('/api/projects?q=gromwelk')).toEqual(['Gromwelkery tool', 'Gromwelk tool']);
  });

  it("reads 'c++' and a one-letter last word whole, not as every word starting with c", async () => {
    expect(await searchQueryText(t.database.db, 'gromwelk c++')).toBe("'gromwelk' & 'c'");
    expect(await searchQueryText(t.database.db, 'gromwelk objective-c')).toBe("'gromwelk' & 'object' & 'c'");
    expect(await names('/api/projects?q=gromwelk%20c%2B%2B')).toEqual(['Gromwelk tool']);
  });
});
