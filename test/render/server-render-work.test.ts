import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealWorld, DISPUTE_REASON, type DealWorld } from '#test/support/deal.js';
import { createUser, signIn } from '#test/support/factories.js';
import { transportFor } from '#server/plugins/client-app.js';
import { renderPage } from '#client/server-render.js';

// Issue 33, item 1: the dashboard and the dispute page arrive with their first screen in the HTML,
// for the people whose page it is; anyone else's is left to the browser, which answers as before.
let w: DealWorld;
let disputeId: number;
let projectName: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  w = await createDealWorld();
  await w.onboardFinisher();
  const deal = await w.disputedDeal();
  disputeId = deal.disputeId;
  projectName = (await w.cast.owner.api.get(`/api/projects/${deal.projectId}`)).json().name;
  const stranger = await createUser(w.t.database.db, { role: 'submitter' });
  for (const [who, email] of [
    ['owner', w.cast.owner.user.email],
    ['finisher', w.cast.finisher.user.email],
    ['stranger', stranger.email],
  ] as const)
    cookies.set(who, await signIn(w.t.app, email));
});
afterAll(() => w.t.close());

const render = (path: string, who?: string) =>
  renderPage(path, transportFor(w.t.app, { id: 'page-request', ip: '127.0.0.1', headers: who ? { cookie: cookies.get(who)! } : {} }));
/** The page's text as a reader meets it: React's separators between adjacent texts left out. */
const text = (markup: string | undefined) => markup?.replaceAll('<!-- -->', '');

describe('renderPage for the work screens', () => {
  it('renders the dashboard for a signed-in owner and finisher with their own data, and leaves a visitor to the browser', async () => {
    const owner = text((await render('/dashboard', 'owner'))?.markup);
    expect(owner).toContain(`Welcome back, ${w.cast.owner.user.username}.`);
    expect(owner).toContain(projectName);
    const finisher = text((await render('/dashboard', 'finisher'))?.markup);
    expect(finisher).toContain(`Welcome back, ${w.cast.finisher.user.username}.`);
    expect(finisher).toContain('Find projects to finish and track your applications.');
    expect(await render('/dashboard')).toBeNull();
  });

  it('renders a dispute for its two parties, and leaves a stranger and a visitor to the browser', async () => {
    for (const who of ['owner', 'finisher']) {
      const page = text((await render(`/disputes/${disputeId}`, who))?.markup);
      expect(page, who).toContain(`Dispute: ${projectName}`);
      expect(page, who).toContain(DISPUTE_REASON);
    }
    expect(await render(`/disputes/${disputeId}`, 'stranger')).toBeNull();
    expect(await render(`/disputes/${disputeId}`)).toBeNull();
    expect(await render('/disputes/999999', 'owner')).toBeNull();
  });
});
