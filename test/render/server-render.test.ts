import type { DehydratedState } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import type { ApiTransport } from '#shared/api-transport.js';
import { type PageRenderer, transportFor } from '#server/plugins/client-app.js';
import { renderPage, serializeState } from '#client/server-render.js';
import { badges } from '#shared/domain/badges.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The page renderer on the real API: the data it asks for, what it renders, and when it declines.
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let finisherCookie: string;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.database.db, { role: 'submitter', username: 'ssr_owner' });
  const finisher = await createUser(t.database.db, { role: 'finisher', username: 'ssr_finisher', skills: ['Rust'] });
  finisherCookie = await signIn(t.app, finisher.email);
  project = await createProject(t.database.db, { submitterId: owner.id, name: 'Half-built <b>ledger</b>' });
});
afterAll(async () => {
  await t?.close();
});

/** The transport the server gives the renderer, counting what it was asked. */
function transport(cookie?: string) {
  const asked: string[] = [];
  const send = transportFor(t.app, { id: 'page-request', ip: '127.0.0.1', headers: cookie ? { cookie } : {} });
  const counting: ApiTransport = (url, init) => {
    asked.push(`${init.method ?? 'GET'} ${url.replace(/[?&]_t=\d+/, '')}`);
    return send(url, init);
  };
  return { asked, counting };
}

function queryKeys(state: DehydratedState) {
  return state.queries.map((query) => JSON.stringify(query.queryKey));
}

describe('renderPage', () => {
  it('is the module the server loads', () => {
    expectTypeOf<typeof import('#client/server-render.js')>().toExtend<PageRenderer<DehydratedState>>();
  });

  it('renders the developer directory with its data, for a visitor', async () => {
    const { asked, counting } = transport();
    const page = await renderPage('/developers', counting);
    expect(page).not.toBeNull();
    expect(page!.markup).toContain('Hire Developers');
    expect(page!.markup).toContain('ssr_finisher');
    expect(page!.markup).not.toContain('<script');
    expect(asked).toEqual(expect.arrayContaining(['GET /api/session', 'GET /api/developers']));
    expect(queryKeys(page!.state)).toEqual(expect.arrayContaining(['["/api/user"]', '["/api/developers","directory",{}]']));
  });

  it('renders the directory of a searched, filtered and sorted URL with that search and its controls (issue 30, item 4)', async () => {
    const { asked, counting } = transport();
    const page = await renderPage('/developers?q=ssr_fin&skills=rust&sort=rating', counting);
    expect(page).not.toBeNull();
    expect(page!.markup).toContain('ssr_finisher');
    expect(page!.markup).toContain('value="ssr_fin"');
    expect(page!.markup).toContain('Highest rated');
    expect(asked).toContain('GET /api/developers?q=ssr_fin&skills=rust&sort=rating');
    const none = await renderPage('/developers?q=nobody_matches_this', transport().counting);
    expect(none!.markup).not.toContain('ssr_finisher');
    expect(none!.markup).toContain('No developers found');
  });

  it('renders Browse Projects for a searched, filtered and sorted URL with that search and its controls (issue 30, item 1)', async () => {
    const poster = await createUser(t.database.db, { role: 'submitter' });
    await createProject(t.database.db, { submitterId: poster.id, name: 'Gazpachio ledger', techStack: ['Rust', 'Go'], budgetCents: 90_000 });
    await createProject(t.database.db, { submitterId: poster.id, name: 'Gazpachio cheap', techStack: ['Rust'], budgetCents: 10_000 });
    const { asked, counting } = transport(finisherCookie);
    const page = await renderPage('/projects?q=gazpachio&tech=Rust&tech=Go&minBudget=500&sort=budget_desc', counting);
    expect(page).not.toBeNull();
    expect(page!.markup).toContain('Gazpachio ledger');
    expect(page!.markup).not.toContain('Gazpachio cheap');
    expect(page!.markup).toContain('value="gazpachio"');
    expect(page!.markup).toContain('value="500"');
    expect(page!.markup).toContain('Budget: high to low');
    expect(page!.markup).toContain('Remove Go');
    expect(asked).toContain('GET /api/projects?q=gazpachio&tech=Rust&tech=Go&minBudget=500&sort=budget_desc');
  });

  it('renders a project page with the parts that load after the project, as text', async () => {
    const { asked, counting } = transport(finisherCookie);
    const page = await renderPage(`/projects/${project.id}?tab=bids`, counting);
    expect(page).not.toBeNull();
    expect(page!.markup).toContain('Half-built &lt;b&gt;ledger&lt;/b&gt;');
    expect(page!.markup).toContain('Apply for this Project');
    // The client's name links their public profile, with their badges (issue 30, item 7).
    expect(page!.markup).toContain(`href="/owners/${owner.id}"`);
    expect(asked).toContain(`GET /api/users/${owner.id}/record`);
    expect(asked).toContain(`GET /api/projects/${project.id}`);
    expect(asked.every((request) => request.startsWith('GET '))).toBe(true);
    expect(page!.state.queries.every((query) => query.state.status === 'success')).toBe(true);
  });

  it('renders Browse Projects for a signed-in user and leaves a visitor to the browser', async () => {
    const signedIn = await renderPage('/projects', transport(finisherCookie).counting);
    expect(signedIn?.markup).toContain('Browse Projects');
    expect(signedIn?.markup).toContain('Half-built &lt;b&gt;ledger&lt;/b&gt;');
    expect(await renderPage('/projects', transport().counting)).toBeNull();
  });

  it('renders every badge with its rule, from the badges themselves (issue 30, item 7)', async () => {
    const page = await renderPage('/badges', transport().counting);
    expect(page).not.toBeNull();
    expect(page!.markup).toContain('How badges work');
    for (const badge of badges) {
      expect(page!.markup).toContain(escapeHtml(badge.label));
      expect(page!.markup).toContain(escapeHtml(badge.rule));
    }
  });

  it('renders a client’s public profile with their record, and leaves an unknown one to the browser (issue 30, item 7)', async () => {
    const { asked, counting } = transport();
    const page = await renderPage(`/owners/${owner.id}`, counting);
    expect(page).not.toBeNull();
    expect(page!.markup).toContain('ssr_owner');
    expect(page!.markup).toContain('1 project posted');
    expect(page!.markup).toContain('Email verified');
    expect(page!.markup).toContain('How badges work');
    expect(asked).toContain(`GET /api/users/${owner.id}/record`);
    expect(await renderPage('/owners/999999', transport().counting)).toBeNull();
  });

  it('leaves to the browser a page whose data fails to load, and pages it does not render', async () => {
    expect(await renderPage('/projects/999999', transport().counting)).toBeNull();
    expect(await renderPage('/developers/nobody_by_this_name', transport().counting)).toBeNull();
    const { asked, counting } = transport(finisherCookie);
    expect(await renderPage('/notifications', counting)).toBeNull();
    expect(await renderPage('/', counting)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('keeps every visitor to their own data when pages render at once', async () => {
    const [visitor, member] = await Promise.all([
      renderPage('/developers', transport().counting),
      renderPage('/developers', transport(finisherCookie).counting),
    ]);
    const user = (page: typeof visitor) => page!.state.queries.find((query) => query.queryKey[0] === '/api/user')!.state.data as { username: string } | null;
    expect(user(visitor)).toBeNull();
    expect(user(member)?.username).toBe('ssr_finisher');
  });
});

describe('serializeState', () => {
  it('writes JSON that cannot close its script element or open a comment', () => {
    const text = serializeState({
      mutations: [],
      queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { data: '</script><!-- <b>' } }],
    } as unknown as DehydratedState);
    expect(text).not.toContain('<');
    expect(JSON.parse(text).queries[0].state.data).toBe('</script><!-- <b>');
  });
});
