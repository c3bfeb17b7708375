import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { bids } from '#server/db/schema/bids.js';
import { notifications } from '#server/db/schema/notifications.js';
import { projectCriteria } from '#server/db/schema/scope.js';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const proposal = { amount: 750, timeline: 12, message: 'I have finished three apps like this one.' };
const newProject = () => createProject(t.database.db, { submitterId: cast.owner.user.id });
const bidOn = (api: Cast['owner']['api'], projectId: number, body: object = proposal) => api.post(`/api/projects/${projectId}/bids`, body);
const statusOf = async (bidId: number) => (await t.database.db.select().from(bids).where(eq(bids.id, bidId)))[0]!;
const notificationsOf = (userId: number, title: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
const others = () =>
  [
    ['the owner', cast.owner.api],
    ['a stranger', cast.otherSubmitter.api],
    ['a losing finisher', cast.otherFinisher.api],
  ] as const;

describe('PATCH /api/bids/{bidId}', () => {
  it('lets the finisher change a pending bid and tells the owner what changed', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    const response = await cast.finisher.api.patch(`/api/bids/${bid.id}`, { amount: 800, timeline: '9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: bid.id, amount: 800, amountCents: 80_000, timeline: 9, status: 'pending' });
    const [told] = await notificationsOf(cast.owner.user.id, 'Bid updated');
    expect(told!.content).toBe(`${cast.finisher.user.username} changed the amount, timeline of their bid on "${project.name}".`);
    expect(told!.relatedId).toBe(project.id);

    // The same terms again (a double click) change nothing and tell nobody twice.
    expect((await cast.finisher.api.patch(`/api/bids/${bid.id}`, { amount: 800, timeline: 9 })).statusCode).toBe(200);
    expect((await notificationsOf(cast.owner.user.id, 'Bid updated')).filter((n) => n.relatedId === project.id)).toHaveLength(1);
  });

  it('refuses everyone else, empty and invalid changes, and a bid no longer pending', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    for (const [, api] of others()) {
      const response = await api.patch(`/api/bids/${bid.id}`, { amount: 1 });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the developer who placed this bid can edit it');
    }
    expect((await cast.visitor.api.patch(`/api/bids/${bid.id}`, { amount: 1 })).statusCode).toBe(401);
    expect((await cast.finisher.api.patch('/api/bids/999999', { amount: 1 })).statusCode).toBe(404);
    const empty = await cast.finisher.api.patch(`/api/bids/${bid.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Change at least one of amount, timeline, message or criteria answers');
    const cents = await cast.finisher.api.patch(`/api/bids/${bid.id}`, { amount: 12.5 });
    expect(cents.json().message).toBe('Amount must be a whole number of dollars');
    expect((await statusOf(bid.id)).amountCents).toBe(75_000);

    await cast.finisher.api.post(`/api/bids/${bid.id}/withdraw`);
    const late = await cast.finisher.api.patch(`/api/bids/${bid.id}`, { amount: 900 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Only a pending bid can be edited');
  });
});

describe('POST /api/bids/{bidId}/withdraw', () => {
  it('takes the bid back once, tells the owner, and the owner can no longer accept it', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    const [first, second] = await Promise.all([cast.finisher.api.post(`/api/bids/${bid.id}/withdraw`), cast.finisher.api.post(`/api/bids/${bid.id}/withdraw`)]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r!.statusCode === 409)!.json().message).toBe('Only a pending bid can be withdrawn');
    expect((await statusOf(bid.id)).status).toBe('withdrawn');
    expect((await notificationsOf(cast.owner.user.id, 'Bid withdrawn')).filter((n) => n.relatedId === project.id)).toHaveLength(1);

    const accept = await cast.owner.api.post(`/api/bids/${bid.id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('Only a pending bid can be accepted');
    const again = await bidOn(cast.finisher.api, project.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You withdrew your bid on this project and cannot bid on it again');
  });

  it('refuses everyone but the bid’s finisher', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    for (const [, api] of others()) {
      const response = await api.post(`/api/bids/${bid.id}/withdraw`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the developer who placed this bid can withdraw it');
    }
    expect((await cast.visitor.api.post(`/api/bids/${bid.id}/withdraw`)).statusCode).toBe(401);
    expect((await statusOf(bid.id)).status).toBe('pending');
  });

  it('a withdraw racing the accept: exactly one of them happens', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    const [withdraw, accept] = await Promise.all([cast.finisher.api.post(`/api/bids/${bid.id}/withdraw`), cast.owner.api.post(`/api/bids/${bid.id}/accept`)]);
    expect([withdraw!.statusCode, accept!.statusCode].sort()).toEqual([200, 409]);
    expect(['withdrawn', 'accepted']).toContain((await statusOf(bid.id)).status);
  });
});

describe('POST /api/bids/{bidId}/decline', () => {
  it('declines with a reason, tells the finisher, and the bid can no longer be accepted or placed again', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    const response = await cast.owner.api.post(`/api/bids/${bid.id}/decline`, { reason: '  The budget is lower.  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'declined', declineReason: 'The budget is lower.' });
    const [told] = await notificationsOf(cast.finisher.user.id, 'Bid declined');
    expect(told!.content).toBe(`Your bid on "${project.name}" was declined: The budget is lower.`);

    const twice = await cast.owner.api.post(`/api/bids/${bid.id}/decline`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Only a pending bid can be declined');
    expect((await cast.owner.api.post(`/api/bids/${bid.id}/accept`)).statusCode).toBe(409);
    const again = await bidOn(cast.finisher.api, project.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The owner declined your bid on this project');
  });

  it('declines without a reason, and refuses everyone but the owner', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    for (const api of [cast.finisher.api, cast.otherSubmitter.api, cast.otherFinisher.api]) {
      const response = await api.post(`/api/bids/${bid.id}/decline`, {});
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the project owner can decline bids');
    }
    expect((await cast.visitor.api.post(`/api/bids/${bid.id}/decline`, {})).statusCode).toBe(401);
    const response = await cast.owner.api.post(`/api/bids/${bid.id}/decline`, {});
    expect(response.json()).toMatchObject({ status: 'declined', declineReason: null });
    const told = (await notificationsOf(cast.finisher.user.id, 'Bid declined')).find((n) => n.content.includes(project.name));
    expect(told!.content).toBe(`Your bid on "${project.name}" was declined.`);
  });
});

describe('POST /api/bids/{bidId}/shortlist', () => {
  it('lists shortlisted bids first to the owner, and takes one off again', async () => {
    const project = await newProject();
    const first = (await bidOn(cast.finisher.api, project.id)).json();
    const second = (await bidOn(cast.otherFinisher.api, project.id)).json();
    const order = async () => ((await cast.owner.api.get(`/api/projects/${project.id}`)).json().bids as { id: number }[]).map((b) => b.id);
    expect(await order()).toEqual([second.id, first.id]);

    const [a, b] = await Promise.all([cast.owner.api.post(`/api/bids/${first.id}/shortlist`, {}), cast.owner.api.post(`/api/bids/${first.id}/shortlist`, {})]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json().shortlisted).toBe(true);
    expect(await order()).toEqual([first.id, second.id]);

    expect((await cast.owner.api.post(`/api/bids/${first.id}/shortlist`, { shortlisted: false })).json().shortlisted).toBe(false);
    expect(await order()).toEqual([second.id, first.id]);
  });

  it('shows through to nobody but the owner: everyone else gets the bids newest first, unmarked (issue 26, item 8)', async () => {
    const project = await newProject();
    const first = (await bidOn(cast.finisher.api, project.id)).json();
    const second = (await bidOn(cast.otherFinisher.api, project.id)).json();
    expect((await cast.owner.api.post(`/api/bids/${first.id}/shortlist`, {})).statusCode).toBe(200);
    const bidsAs = async (api: Cast['owner']['api']) => (await api.get(`/api/projects/${project.id}`)).json().bids as { id: number; shortlisted?: boolean }[];

    expect((await bidsAs(cast.owner.api)).map((b) => b.id)).toEqual([first.id, second.id]);
    for (const api of [cast.visitor.api, cast.otherSubmitter.api, cast.otherFinisher.api, cast.finisher.api]) {
      const seen = await bidsAs(api);
      expect(seen.map((b) => b.id)).toEqual([second.id, first.id]);
      // Shortlisting tells nobody (decision 033), the shortlisted finisher included.
      expect(seen.filter((b) => b.shortlisted !== undefined)).toEqual([]);
    }
  });

  it('refuses everyone but the owner, and a bid no longer pending', async () => {
    const project = await newProject();
    const bid = (await bidOn(cast.finisher.api, project.id)).json();
    for (const api of [cast.finisher.api, cast.otherSubmitter.api, cast.otherFinisher.api]) {
      const response = await api.post(`/api/bids/${bid.id}/shortlist`, {});
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the project owner can shortlist bids');
    }
    await cast.finisher.api.post(`/api/bids/${bid.id}/withdraw`);
    const late = await cast.owner.api.post(`/api/bids/${bid.id}/shortlist`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Only a pending bid can be shortlisted');
  });
});

describe('bid cards', () => {
  it('show the owner each finisher’s record, and nobody else', async () => {
    const project = await newProject();
    await bidOn(cast.finisher.api, project.id);
    const owner = (await cast.owner.api.get(`/api/projects/${project.id}`)).json();
    expect(owner.bids[0].finisherRecord).toEqual({
      averageRating: null,
      reviewCount: 0,
      completedProjects: 0,
      onTimeRate: null,
      memberSince: cast.finisher.user.createdAt.toISOString(),
    });
    const stranger = (await cast.otherFinisher.api.get(`/api/projects/${project.id}`)).json();
    expect(stranger.bids[0]).not.toHaveProperty('finisherRecord');
    expect(stranger.bids[0]).not.toHaveProperty('shortlisted');
  });
});

describe('criteria answers on a bid', () => {
  it('must answer each of the project’s criteria once; clarify and exclude carry a note; the owner sees them', async () => {
    const project = await newProject();
    const [one, two] = await t.database.db
      .insert(projectCriteria)
      .values([
        { projectId: project.id, position: 0, text: 'Login works on mobile' },
        { projectId: project.id, position: 1, text: 'Payments use Stripe' },
      ])
      .returning();
    const finisher = await createUser(t.database.db, { role: 'finisher' });
    const api = client(t.app, await signIn(t.app, finisher.email));
    const missing = await bidOn(api, project.id, { ...proposal, criteriaAnswers: [{ criterionId: one!.id, answer: 'agree' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Answer every acceptance criterion: one is not answered');
    const noNote = await bidOn(api, project.id, {
      ...proposal,
      criteriaAnswers: [
        { criterionId: one!.id, answer: 'agree' },
        { criterionId: two!.id, answer: 'exclude' },
      ],
    });
    expect(noNote.json().message).toBe('A clarification or an exclusion needs a note');
    const foreign = await bidOn(api, project.id, {
      ...proposal,
      criteriaAnswers: [
        { criterionId: one!.id, answer: 'agree' },
        { criterionId: 99999, answer: 'agree' },
      ],
    });
    expect(foreign.json().message).toBe("Criterion 99999 is not one of this project's acceptance criteria");

    const answers = [
      { criterionId: two!.id, answer: 'exclude', note: 'PayPal only, as the repo has it' },
      { criterionId: one!.id, answer: 'agree' },
    ];
    const placed = await bidOn(api, project.id, { ...proposal, criteriaAnswers: answers });
    expect(placed.statusCode).toBe(201);
    const bidsSeen = (await cast.owner.api.get(`/api/projects/${project.id}`)).json().bids;
    expect(bidsSeen[0].criteriaAnswers).toEqual([answers[1], answers[0]]);
    const hidden = (await cast.otherFinisher.api.get(`/api/projects/${project.id}`)).json().bids;
    expect(hidden[0]).not.toHaveProperty('criteriaAnswers');
  });
});
