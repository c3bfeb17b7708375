import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { projectCriteria } from '#server/db/schema/scope.js';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const newProject = {
  name: 'A shop that needs finishing',
  description: 'A half-built application that needs a finisher to wire up the remaining features.',
  techStack: ['React'],
  codeLink: 'https://github.com/example/shop',
};
const criteria = ['Checkout works with a test card', 'The admin can add products'];
const proposal = { amount: 750, timeline: 12, message: 'I have finished three apps like this one.' };

async function postProject(body: object = { ...newProject, acceptanceCriteria: criteria }) {
  const response = await cast.owner.api.post('/api/projects', body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; acceptanceCriteria: { id: number; text: string }[] };
}

describe('acceptance criteria on a project', () => {
  it('are written with the project and read back as { id, text } by everyone who sees it', async () => {
    const project = await postProject();
    expect(project.acceptanceCriteria.map((c) => c.text)).toEqual(criteria);
    for (const api of [cast.owner.api, cast.finisher.api, cast.visitor.api]) {
      const detail = (await api.get(`/api/projects/${project.id}`)).json();
      expect(detail.acceptanceCriteria).toEqual(project.acceptanceCriteria);
    }
    const without = await postProject(newProject);
    expect((await cast.visitor.api.get(`/api/projects/${without.id}`)).json().acceptanceCriteria).toEqual([]);
  });

  it.each([
    [['tiny'], 'Each acceptance criterion must be at least 5 characters'],
    [['x'.repeat(301)], 'Each acceptance criterion must be at most 300 characters'],
    [Array.from({ length: 21 }, (_, i) => `Criterion number ${i}`), 'A project can have at most 20 acceptance criteria'],
    [['Same words here', 'same words here'], 'Each acceptance criterion must be different'],
  ])('refuses %j', async (acceptanceCriteria, message) => {
    const response = await cast.owner.api.post('/api/projects', { ...newProject, acceptanceCriteria });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('PATCH /api/projects/{id}', () => {
  it('lets the owner edit an open project; an unchanged criterion keeps its id and its answers', async () => {
    const project = await postProject();
    const [first, second] = project.acceptanceCriteria;
    const response = await cast.owner.api.patch(`/api/projects/${project.id}`, {
      name: 'A shop, finished properly',
      acceptanceCriteria: [second!.text, 'Orders are e-mailed to the owner'],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.name).toBe('A shop, finished properly');
    expect(body.acceptanceCriteria[0]).toEqual(second);
    expect(body.acceptanceCriteria[1].text).toBe('Orders are e-mailed to the owner');
    expect(body.acceptanceCriteria.some((c: { id: number }) => c.id === first!.id)).toBe(false);
  });

  it('refuses everyone but the owner, an empty change, and a project no longer open', async () => {
    const project = await postProject();
    for (const api of [cast.otherSubmitter.api, cast.finisher.api, cast.otherFinisher.api]) {
      const response = await api.patch(`/api/projects/${project.id}`, { name: 'Someone else’s idea' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the project owner can edit this project');
    }
    expect((await cast.visitor.api.patch(`/api/projects/${project.id}`, { name: 'Visitor idea' })).statusCode).toBe(401);
    const empty = await cast.owner.api.patch(`/api/projects/${project.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Change at least one field of the project');
    await cast.owner.api.patch(`/api/projects/${project.id}/status`, { status: 'paused' });
    const paused = await cast.owner.api.patch(`/api/projects/${project.id}`, { name: 'A paused project' });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe('Only a project open for bids can be edited');
  });
});

describe('the statement of work', () => {
  it('is frozen when a bid is accepted, for the two parties only, and later changes leave it as agreed', async () => {
    const project = await postProject();
    const [first, second] = project.acceptanceCriteria;
    const criteriaAnswers = [
      { criterionId: first!.id, answer: 'agree' },
      { criterionId: second!.id, answer: 'clarify', note: 'Products without variants' },
    ];
    const bid = (await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { ...proposal, criteriaAnswers, includedRevisions: 3 })).json();
    const losing = (await cast.otherFinisher.api.post(`/api/projects/${project.id}/bids`, { ...proposal, criteriaAnswers })).json();
    expect(losing.id).toBeGreaterThan(0);

    // Before a bid is accepted the owner reads an empty scope (null), not a 404; a bidder is no party yet.
    const before = await cast.owner.api.get(`/api/projects/${project.id}/scope`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();
    expect((await cast.finisher.api.get(`/api/projects/${project.id}/scope`)).statusCode).toBe(403);
    expect((await cast.visitor.api.get(`/api/projects/${project.id}/scope`)).statusCode).toBe(401);

    expect((await cast.owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
    const expected = {
      projectId: project.id,
      bidId: bid.id,
      finisherId: cast.finisher.user.id,
      criteria: [
        { id: first!.id, text: first!.text, answer: 'agree', note: null },
        { id: second!.id, text: second!.text, answer: 'clarify', note: 'Products without variants' },
      ],
      amount: 750,
      amountCents: 75_000,
      timeline: 12,
      message: proposal.message,
      includedRevisions: 3,
      revisionsUsed: 0,
      revisionsLeft: 3,
    };
    for (const api of [cast.owner.api, cast.finisher.api]) {
      const response = await api.get(`/api/projects/${project.id}/scope`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(expected);
    }
    for (const api of [cast.otherSubmitter.api, cast.otherFinisher.api]) {
      const response = await api.get(`/api/projects/${project.id}/scope`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the project owner and its developer can see the agreed scope');
    }
    expect((await cast.visitor.api.get(`/api/projects/${project.id}/scope`)).statusCode).toBe(401);

    // The project's criteria change afterwards (no API allows it once assigned): the agreement does not.
    await t.database.db.update(projectCriteria).set({ text: 'Something else entirely' }).where(eq(projectCriteria.id, first!.id));
    expect((await cast.owner.api.get(`/api/projects/${project.id}/scope`)).json()).toMatchObject(expected);
    const edit = await cast.owner.api.patch(`/api/projects/${project.id}`, { acceptanceCriteria: ['A new rule after the deal'] });
    expect(edit.statusCode).toBe(409);
  });

  it('uses DEAL_INCLUDED_REVISIONS when the bid names no number, and works for a project without criteria', async () => {
    const project = await postProject(newProject);
    const bid = (await cast.finisher.api.post(`/api/projects/${project.id}/bids`, proposal)).json();
    await cast.owner.api.post(`/api/bids/${bid.id}/accept`);
    const scope = (await cast.finisher.api.get(`/api/projects/${project.id}/scope`)).json();
    expect(scope).toMatchObject({ criteria: [], includedRevisions: 2, revisionsLeft: 2 });
  });

  it('reads a criterion the owner added after the bid as unanswered (null), not as a failure', async () => {
    const project = await postProject();
    const [first, second] = project.acceptanceCriteria;
    const criteriaAnswers = [first!, second!].map((c) => ({ criterionId: c.id, answer: 'agree' }));
    const bid = (await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { ...proposal, criteriaAnswers })).json();
    const added = 'The admin can add and archive products';
    expect((await cast.owner.api.patch(`/api/projects/${project.id}`, { acceptanceCriteria: [first!.text, added] })).statusCode).toBe(200);
    await cast.owner.api.post(`/api/bids/${bid.id}/accept`);
    const response = await cast.owner.api.get(`/api/projects/${project.id}/scope`);
    expect(response.statusCode).toBe(200);
    expect(response.json().criteria).toEqual([
      { id: first!.id, text: first!.text, answer: 'agree', note: null },
      { id: expect.any(Number), text: added, answer: null, note: null },
    ]);
  });
});
