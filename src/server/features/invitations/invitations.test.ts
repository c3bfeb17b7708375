import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapturingMailer } from '#test/fakes/email.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, createUser, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import type { Invitation } from '#shared/contracts/invitations.js';
import { invitationLimits } from '#shared/domain/limits.js';
import { notifications } from '#server/db/schema/notifications.js';
import { projectInvitations } from '#server/db/schema/invitations.js';
import { projects } from '#server/db/schema/projects.js';

let t: TestApp;
let cast: Cast;
const mailer = new CapturingMailer();
beforeAll(async () => {
  t = await createTestApp({}, { mailer });
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const invite = (api: Cast['owner']['api'], projectId: number, developerId: unknown) => api.post(`/api/projects/${projectId}/invitations`, { developerId });

describe('invitations to bid (POST /api/projects/{id}/invitations)', () => {
  it('invites a developer once: a notification and a mail with the project, listed for the owner and the developer', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id, name: 'Invoice <b>tool</b>', budgetCents: 150_000 });
    const response = await invite(cast.owner.api, project.id, cast.finisher.user.id);
    expect(response.statusCode).toBe(201);
    const invitation = response.json() as Invitation;
    expect(invitation).toMatchObject({
      status: 'open',
      project: { id: project.id, name: 'Invoice <b>tool</b>', budgetCents: 150_000 },
      owner: { id: cast.owner.user.id, username: cast.owner.user.username },
      developer: { id: cast.finisher.user.id, username: cast.finisher.user.username },
    });

    const [notification] = await t.database.db.select().from(notifications).where(eq(notifications.userId, cast.finisher.user.id));
    expect(notification).toMatchObject({
      type: 'project',
      title: 'Invitation to bid',
      relatedId: project.id,
      content: `${cast.owner.user.username} invited you to bid on "Invoice <b>tool</b>" (budget $1,500).`,
    });
    await expect.poll(() => mailer.to(cast.finisher.user.email).length).toBe(1);
    const [mail] = mailer.to(cast.finisher.user.email);
    expect(mail!.subject).toBe(`${cast.owner.user.username} invited you to bid on "Invoice <b>tool</b>"`);
    expect(mail!.text).toContain('with a budget of $1,500');
    expect(mail!.html).not.toContain('<b>tool</b>');
    expect(mail!.text).toContain(`/projects/${project.id}`);

    // Once per project and developer.
    const again = await invite(cast.owner.api, project.id, cast.finisher.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'You have already invited this developer to bid on this project' });

    const ofProject = (await cast.owner.api.get(`/api/projects/${project.id}/invitations`)).json() as Invitation[];
    expect(ofProject.map((i) => i.id)).toEqual([invitation.id]);
    const ofUser = (await cast.finisher.api.get(`/api/users/${cast.finisher.user.id}/invitations`)).json() as Invitation[];
    expect(ofUser.map((i) => i.id)).toContain(invitation.id);

    // Bidding answers it.
    await cast.finisher.api.post(`/api/projects/${project.id}/bids`, {
      amount: 1400,
      timeline: 12,
      message: 'Invited, and happy to finish it in twelve days.',
    });
    const answered = (await cast.finisher.api.get(`/api/users/${cast.finisher.user.id}/invitations`)).json() as Invitation[];
    expect(answered.find((i) => i.id === invitation.id)!.status).toBe('bid');
  });

  it('refuses everyone but the owner, and bad input, with a clear answer and nothing written', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const operator = await createUser(t.database.db, { role: 'operator' });
    const operatorApi = client(t.app, await signIn(t.app, operator.email));
    for (const [api, status] of [
      [cast.otherSubmitter.api, 403],
      [cast.finisher.api, 403],
      [operatorApi, 403],
      [cast.visitor.api, 401],
    ] as const) {
      expect((await invite(api, project.id, cast.otherFinisher.user.id)).statusCode).toBe(status);
      expect((await api.get(`/api/projects/${project.id}/invitations`)).statusCode).toBe(status);
    }
    expect((await invite(cast.otherSubmitter.api, project.id, cast.otherFinisher.user.id)).json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the project owner can invite developers to bid',
    });
    // Someone else's invitations.
    expect((await cast.otherFinisher.api.get(`/api/users/${cast.finisher.user.id}/invitations`)).statusCode).toBe(403);
    expect((await cast.owner.api.get(`/api/users/${cast.finisher.user.id}/invitations`)).statusCode).toBe(403);

    for (const developerId of [0, -1, 1.5, '7', null, 2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      const response = await invite(cast.owner.api, project.id, developerId);
      expect(response.statusCode, String(developerId)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // Not a developer: an owner, the owner themselves, an operator, nobody.
    for (const developerId of [cast.otherSubmitter.user.id, cast.owner.user.id, operator.id, 2_147_483_647]) {
      const response = await invite(cast.owner.api, project.id, developerId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Developer not found' });
    }
    expect((await invite(cast.owner.api, 2_147_483_647, cast.finisher.user.id)).statusCode).toBe(404);
    expect(await t.database.db.select().from(projectInvitations).where(eq(projectInvitations.projectId, project.id))).toEqual([]);

    // A project no longer open for bids.
    await t.database.db.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, project.id));
    const closed = await invite(cast.owner.api, project.id, cast.otherFinisher.user.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'You can invite developers only while the project is open for bids' });
  });

  it(`holds at most ${invitationLimits.openPerProject} open invitations per project, also when they arrive at once`, async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const developers = [];
    for (let i = 0; i < invitationLimits.openPerProject + 3; i += 1) developers.push(await createUser(t.database.db, { role: 'finisher' }));
    const answers = await Promise.all(developers.map((developer) => invite(cast.owner.api, project.id, developer.id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(invitationLimits.openPerProject);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const response of refused)
      expect(response.json()).toEqual({
        code: 'CONFLICT',
        message: `A project can have at most ${invitationLimits.openPerProject} open invitations: wait for some of the invited developers to bid`,
      });
    const rows = await t.database.db.select().from(projectInvitations).where(eq(projectInvitations.projectId, project.id));
    expect(rows).toHaveLength(invitationLimits.openPerProject);

    // An invited developer who bids frees a place.
    const invited = developers.find((developer) => rows.some((row) => row.finisherId === developer.id))!;
    const waiting = developers.find((developer) => !rows.some((row) => row.finisherId === developer.id))!;
    const invitedApi = client(t.app, await signIn(t.app, invited.email));
    expect(
      (await invitedApi.post(`/api/projects/${project.id}/bids`, { amount: 900, timeline: 9, message: 'Invited and ready to start on Monday.' })).statusCode,
    ).toBe(201);
    expect((await invite(cast.owner.api, project.id, waiting.id)).statusCode).toBe(201);
    // A developer who already bid is not invited.
    const bidder = await invite(cast.owner.api, project.id, invited.id);
    expect(bidder.statusCode).toBe(409);
  });
});
