import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealWorld, type DealWorld } from '#test/support/deal.js';
import { createProject } from '#test/support/factories.js';
import { replaceProjectCriteria } from '#server/features/scope/project-criteria.js';

let w: DealWorld;
beforeAll(async () => {
  w = await createDealWorld();
});
afterAll(() => w.t.close());

const proposal = { amount: 750, timeline: 7, message: 'Ready to finish this within a week.' };

/** A deal on a project with two criteria: the bid agrees to the first and excludes the second. */
async function dealWithCriteria(bidExtras: object = {}) {
  const { cast, t } = w;
  const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
  await replaceProjectCriteria(t.database.db, project.id, ['The login works on mobile', 'Payments go through Stripe']);
  const criteria = (await cast.owner.api.get(`/api/projects/${project.id}`)).json().acceptanceCriteria as [{ id: number }, { id: number }];
  const [agreed, excluded] = criteria;
  const criteriaAnswers = [
    { criterionId: agreed.id, answer: 'agree' },
    { criterionId: excluded.id, answer: 'exclude', note: 'Stripe is out of scope for this price' },
  ];
  const bid = (await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { ...proposal, criteriaAnswers, ...bidExtras })).json();
  expect((await cast.owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(200);
  // Money is held before work is delivered (issue 26).
  expect((await w.payBid(bid.id)).statusCode).toBe(200);
  return { projectId: project.id, agreed, excluded };
}

const deliver = (projectId: number, evidence?: object[]) =>
  w.cast.finisher.api.post(`/api/projects/${projectId}/complete`, { deliveryMessage: 'All done, see the README.', ...(evidence ? { evidence } : {}) });
const requestRevision = (projectId: number, unmetCriteria?: number[]) =>
  w.cast.owner.api.post(`/api/projects/${projectId}/accept`, {
    accepted: false,
    reason: 'The login form still fails on mobile.',
    ...(unmetCriteria ? { unmetCriteria } : {}),
  });

describe('delivering with evidence', () => {
  it('asks for a link or a note per agreed criterion, and keeps it in the deal history', async () => {
    const { projectId, agreed, excluded } = await dealWithCriteria();
    const none = await deliver(projectId);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Give a link or a short note for each agreed criterion: "The login works on mobile" has none');
    const foreign = await deliver(projectId, [
      { criterionId: agreed.id, note: 'https://example.com/demo' },
      { criterionId: 99999, note: 'x' },
    ]);
    expect(foreign.json().message).toBe('Criterion 99999 is not one of the agreed acceptance criteria');
    const blank = await deliver(projectId, [{ criterionId: agreed.id, note: '   ' }]);
    expect(blank.json().message).toBe('Give a link or a short note for each criterion');

    // The excluded criterion owes no evidence.
    const done = await deliver(projectId, [{ criterionId: agreed.id, note: 'https://example.com/demo' }]);
    expect(done.statusCode).toBe(200);
    expect(excluded.id).toBeGreaterThan(0);
    const history = (await w.deal(projectId)).history as { kind: string; evidence?: unknown }[];
    expect(history.find((h) => h.kind === 'delivery')!.evidence).toEqual([{ criterionId: agreed.id, note: 'https://example.com/demo' }]);
  });

  it('keeps working as before on a deal without criteria', async () => {
    const { projectId } = await w.paidDeal();
    expect((await deliver(projectId)).statusCode).toBe(200);
    const named = await requestRevision(projectId, [1]);
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe('Criterion 1 is not one of the agreed acceptance criteria');
    expect((await requestRevision(projectId)).statusCode).toBe(200);
  });
});

describe('revision requests within scope', () => {
  it('name at least one unmet criterion, recorded in the history', async () => {
    const { projectId, agreed } = await dealWithCriteria();
    await deliver(projectId, [{ criterionId: agreed.id, note: 'See the demo video' }]);
    const unnamed = await requestRevision(projectId);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('Name at least one acceptance criterion that is not met');
    const revision = await requestRevision(projectId, [agreed.id]);
    expect(revision.statusCode).toBe(200);
    const history = (await w.deal(projectId)).history as { kind: string; unmetCriteria?: number[] }[];
    expect(history.find((h) => h.kind === 'revision_request')!.unmetCriteria).toEqual([agreed.id]);
    const scope = (await w.cast.finisher.api.get(`/api/projects/${projectId}/scope`)).json();
    expect(scope).toMatchObject({ includedRevisions: 2, revisionsUsed: 1, revisionsLeft: 1 });
  });

  it('stop after the included number: then the owner accepts or opens a dispute', async () => {
    const { projectId, agreed } = await dealWithCriteria({ includedRevisions: 1 });
    const evidence = [{ criterionId: agreed.id, note: 'See the demo video' }];
    await deliver(projectId, evidence);
    expect((await requestRevision(projectId, [agreed.id])).statusCode).toBe(200);
    await deliver(projectId, evidence);
    const over = await requestRevision(projectId, [agreed.id]);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('The 1 revision request included in this deal is used up: accept the work, open a dispute or propose a change order');
    expect((await w.cast.owner.api.post(`/api/projects/${projectId}/accept`, { accepted: true })).statusCode).toBe(200);
  });

  it('two revision requests at once leave exactly one', async () => {
    const { projectId, agreed } = await dealWithCriteria();
    await deliver(projectId, [{ criterionId: agreed.id, note: 'See the demo video' }]);
    const answers = await Promise.all([requestRevision(projectId, [agreed.id]), requestRevision(projectId, [agreed.id])]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await w.cast.owner.api.get(`/api/projects/${projectId}/scope`)).json().revisionsUsed).toBe(1);
  });
});
