import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { bids } from '#server/db/schema/bids.js';
import { projects } from '#server/db/schema/projects.js';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const proposal = { amount: 750, timeline: 12, message: 'I have finished three apps like this one.' };
const newProject = (overrides: Parameters<typeof createProject>[1] | object = {}) =>
  createProject(t.database.db, { submitterId: cast.owner.user.id, ...overrides });
const bidOn = (api: Cast['owner']['api'], projectId: number, body: object = proposal) => api.post(`/api/projects/${projectId}/bids`, body);

describe('POST /api/projects/{id}/bids', () => {
  it('lets a finisher bid once, as themself, and tells the owner', async () => {
    const project = await newProject();
    const response = await bidOn(cast.finisher.api, project.id, { ...proposal, finisherId: cast.otherFinisher.user.id, amount: '750' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      projectId: project.id,
      finisherId: cast.finisher.user.id,
      amount: 750,
      timeline: 12,
      status: 'pending',
      detailsHidden: false,
      developerUsername: cast.finisher.user.username,
    });
    const again = await bidOn(cast.finisher.api, project.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already placed a bid on this project');
  });

  it('refuses submitters, visitors, the owner and closed projects', async () => {
    const project = await newProject();
    const submitter = await bidOn(cast.otherSubmitter.api, project.id);
    expect(submitter.statusCode).toBe(403);
    expect(submitter.json().message).toBe('Only developers can bid on projects');
    expect((await bidOn(cast.visitor.api, project.id)).statusCode).toBe(401);

    const finisherOwned = await createProject(t.database.db, { submitterId: cast.finisher.user.id });
    const own = await bidOn(cast.finisher.api, finisherOwned.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot bid on your own project');

    for (const status of ['paused', 'assigned', 'cancelled', 'accepted'] as const) {
      const closed = await newProject({ status });
      const response = await bidOn(cast.finisher.api, closed.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This project is not open for bids');
    }
    expect((await bidOn(cast.finisher.api, 999999)).statusCode).toBe(404);
  });

  it.each([
    [{ amount: 0 }, 'Amount must be positive'],
    [{ amount: -10 }, 'Amount must be positive'],
    [{ amount: 'lots' }, 'Amount must be positive'],
    [{ amount: 12.5 }, 'Amount must be a whole number of dollars'],
    [{ amount: 2400.5 }, 'Amount must be a whole number of dollars'],
    [{ amount: '2400.50' }, 'Amount must be a whole number of dollars'],
    [{ amount: -2.5 }, 'Amount must be positive'],
    [{ timeline: 0 }, 'Timeline must be positive'],
    [{ timeline: 'soon' }, 'Timeline must be positive'],
    [{ message: 'Too short message' }, 'Message must be at least 20 characters'],
    [{ message: `   ${'a'.repeat(10)}          ` }, 'Message must be at least 20 characters'],
  ])('refuses %j with the spec message', async (overrides, message) => {
    const project = await newProject();
    const response = await bidOn(cast.finisher.api, project.id, { ...proposal, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.database.db.$count(bids, eq(bids.projectId, project.id))).toBe(0);
  });
});

describe('POST /api/bids/{bidId}/accept', () => {
  it('assigns the project to the accepted bid and turns down the other pending bids', async () => {
    const project = await newProject();
    const chosen = (await bidOn(cast.finisher.api, project.id)).json();
    const other = (await bidOn(cast.otherFinisher.api, project.id)).json();
    const response = await cast.owner.api.post(`/api/bids/${chosen.id}/accept`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: chosen.id, status: 'accepted' });
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ status: 'assigned', finisherId: cast.finisher.user.id });
    const [otherRow] = await t.database.db.select().from(bids).where(eq(bids.id, other.id));
    expect(otherRow!.status).toBe('rejected');

    const again = await cast.owner.api.post(`/api/bids/${chosen.id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a pending bid can be accepted');
    expect((await cast.owner.api.post(`/api/bids/${other.id}/accept`)).statusCode).toBe(409);
  });

  it('refuses everyone but the owner and changes nothing', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    for (const api of [cast.otherSubmitter.api, cast.finisher.api, cast.otherFinisher.api]) {
      const response = await api.post(`/api/bids/${bid.id}/accept`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the project owner can accept bids');
    }
    expect((await cast.visitor.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(401);
    expect((await cast.owner.api.post('/api/bids/999999/accept')).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row!.status).toBe('pending');
  });

  it('refuses on a project that is not open for bids', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    await cast.owner.api.patch(`/api/projects/${project.id}/status`, { status: 'paused' });
    const response = await cast.owner.api.post(`/api/bids/${bid.id}/accept`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This project is not open for bids');
  });

  it('leaves exactly one accepted bid when 20 accepts race on one project', async () => {
    const project = await newProject();
    const bidIds: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const finisher = await createUser(t.database.db, { role: 'finisher' });
      const api = client(t.app, await signIn(t.app, finisher.email));
      bidIds.push((await bidOn(api, project.id)).json().id);
    }
    const responses = await Promise.all(bidIds.map((id) => cast.owner.api.post(`/api/bids/${id}/accept`)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.database.db.select().from(bids).where(eq(bids.projectId, project.id));
    expect(rows.filter((b) => b.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((b) => b.status === 'rejected')).toHaveLength(19);
  });
});

describe('GET /api/bids/{bidId} and /api/users/{id}/bids', () => {
  it('shows a bid with its project to the owner and the bid’s finisher only', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    for (const api of [cast.owner.api, cast.finisher.api]) {
      const response = await api.get(`/api/bids/${bid.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: bid.id,
        amount: 750,
        project: { id: project.id, submitterId: cast.owner.user.id },
        finisher: { username: cast.finisher.user.username },
      });
    }
    for (const api of [cast.otherFinisher.api, cast.otherSubmitter.api]) {
      const response = await api.get(`/api/bids/${bid.id}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You do not have permission to view this bid');
    }
    expect((await cast.visitor.api.get(`/api/bids/${bid.id}`)).statusCode).toBe(401);
    expect((await cast.owner.api.get('/api/bids/999999')).statusCode).toBe(404);
  });

  it('lists a finisher’s own bids to them alone', async () => {
    const project = await newProject();
    await bidOn(cast.otherFinisher.api, project.id);
    const mine = await cast.otherFinisher.api.get(`/api/users/${cast.otherFinisher.user.id}/bids`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().some((b: { projectId: number; project: { name: string } }) => b.projectId === project.id && b.project.name === project.name)).toBe(true);
    expect((await cast.finisher.api.get(`/api/users/${cast.otherFinisher.user.id}/bids`)).statusCode).toBe(403);
    expect((await cast.owner.api.get(`/api/users/${cast.otherFinisher.user.id}/bids`)).statusCode).toBe(403);
    expect((await cast.visitor.api.get(`/api/users/${cast.otherFinisher.user.id}/bids`)).statusCode).toBe(401);
  });
});

describe('the terms a finisher bids on (issue 28, item 3)', () => {
  it('shows everyone the project’s budget and timeframe, and the bid’s included revisions to its two parties only', async () => {
    const project = await newProject({ budgetCents: 150_000, timeframe: '3 weeks' });
    for (const api of [cast.visitor.api, cast.finisher.api, cast.otherFinisher.api, cast.otherSubmitter.api, cast.owner.api]) {
      expect((await api.get(`/api/projects/${project.id}`)).json()).toMatchObject({ budget: 1500, budgetCents: 150_000, timeframe: '3 weeks' });
      const items = (await api.get('/api/projects')).json() as { id: number }[];
      expect(items.find((item) => item.id === project.id)).toMatchObject({ budgetCents: 150_000, timeframe: '3 weeks' });
    }
    const usual = (await bidOn(cast.finisher.api, project.id)).json();
    const ownFigure = (await bidOn(cast.otherFinisher.api, project.id, { ...proposal, includedRevisions: 4 })).json();
    expect(usual).toMatchObject({ includedRevisions: null, effectiveIncludedRevisions: t.config.deal.includedRevisions });
    expect(ownFigure).toMatchObject({ includedRevisions: 4, effectiveIncludedRevisions: 4 });

    const bidsSeenBy = async (api: Cast['owner']['api']) => (await api.get(`/api/projects/${project.id}`)).json().bids as Record<string, unknown>[];
    const byOwner = await bidsSeenBy(cast.owner.api);
    expect(byOwner.map((bid) => bid.effectiveIncludedRevisions).sort()).toEqual([4, t.config.deal.includedRevisions].sort());
    const byBidder = await bidsSeenBy(cast.finisher.api);
    expect(byBidder.find((bid) => bid.id === usual.id)?.effectiveIncludedRevisions).toBe(t.config.deal.includedRevisions);
    expect(byBidder.find((bid) => bid.id === ownFigure.id)?.effectiveIncludedRevisions).toBeUndefined();
    for (const api of [cast.visitor.api, cast.otherSubmitter.api]) {
      for (const bid of await bidsSeenBy(api)) expect(bid.effectiveIncludedRevisions).toBeUndefined();
    }
  });
});
