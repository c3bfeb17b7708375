import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, createUser, insertPayment, signIn } from '#test/support/factories.js';
import { client } from '#test/support/http.js';
import { multipart } from '#test/support/multipart.js';
import { BARE_HOST_CODE_LINK } from '#shared/domain/code-link.js';
import { splitPayment } from '#shared/domain/money.js';
import { bids } from '#server/db/schema/bids.js';
import { notifications } from '#server/db/schema/notifications.js';
import { projects } from '#server/db/schema/projects.js';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const validProject = {
  name: 'Half-built CRM',
  description: 'A customer relationship manager with contacts done; deals, reminders and reports are still missing.',
  techStack: ['React', 'Node.js', 'React'],
  codeLink: 'https://github.com/example/crm',
  budget: 1200,
  timeframe: '3 weeks',
};

/** A project with one bid by cast.finisher, accepted unless told otherwise. */
async function assignedProject(options: { accepted?: boolean } = {}) {
  const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
  const bid = await cast.finisher.api.post(`/api/projects/${project.id}/bids`, {
    amount: 500,
    timeline: 10,
    message: 'I can finish this in ten days, tests included.',
  });
  expect(bid.statusCode).toBe(201);
  if (options.accepted !== false) expect((await cast.owner.api.post(`/api/bids/${bid.json().id}/accept`)).statusCode).toBe(200);
  return { project, bidId: bid.json().id as number };
}

/** The owner's payment of the accepted bid, held as the webhook leaves it (the work starts). */
async function payFor(project: { id: number }, bidId: number) {
  await insertPayment(t.database.db, { bidId, ...splitPayment(50_000), status: 'held', heldAt: new Date() });
  await t.database.db.update(projects).set({ status: 'in_progress' }).where(eq(projects.id, project.id));
}

const awaitingPayment = "This deal waits for the owner's payment: the work can be delivered once the money is held.";

describe('POST /api/projects', () => {
  it('creates an open project owned by the signed-in user, whatever submitterId says', async () => {
    const response = await cast.owner.api.post('/api/projects', { ...validProject, submitterId: cast.otherSubmitter.user.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: validProject.name,
      status: 'open',
      submitterId: cast.owner.user.id,
      techStack: ['React', 'Node.js'], // duplicates ignored
      budget: 1200,
      timeframe: '3 weeks',
      bidCount: 0,
      imageUrl: null,
      submitter: { username: cast.owner.user.username, rating: null },
    });
  });

  it('refuses a visitor', async () => {
    const response = await cast.visitor.api.post('/api/projects', validProject);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Authentication required');
  });

  it.each([
    [{ name: 'CRM' }, 'Project name must be at least 5 characters'],
    [{ name: '     CRM      ' }, 'Project name must be at least 5 characters'],
    [{ description: 'Too short to say anything useful.' }, 'Description must be at least 50 characters'],
    [{ techStack: [] }, 'Select at least one technology'],
    [{ techStack: undefined }, 'Select at least one technology'],
    [{ codeLink: 'not a url' }, 'Please enter a valid URL'],
    [{ codeLink: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    // Issue 28, item 15: both posting forms need a link, and a site's home page is no repository.
    [{ codeLink: '' }, 'Please enter a valid URL'],
    [{ codeLink: undefined }, 'Please enter a valid URL'],
    [{ codeLink: 'https://github.com/' }, BARE_HOST_CODE_LINK],
    [{ codeLink: 'https://github.com' }, BARE_HOST_CODE_LINK],
    [{ codeLink: '  http://git.example.org//  ' }, BARE_HOST_CODE_LINK],
    [{ budget: -5 }, 'Budget must be positive'],
    [{ budget: 1200.5 }, 'Budget must be a whole number of dollars'],
    [{ techStack: ['React', '   '] }, 'A technology cannot be empty'],
    [{ techStack: ['x'.repeat(41)] }, 'A technology must be at most 40 characters'],
    [{ techStack: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'] }, 'Select at most 10 technologies'],
  ])('refuses %j with the spec message and writes nothing', async (overrides, message) => {
    const before = await t.database.db.$count(projects);
    const response = await cast.owner.api.post('/api/projects', { ...validProject, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.database.db.$count(projects)).toBe(before);
  });

  it('refuses a site’s home page as the code link when the owner edits the project too (issue 28, item 15)', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const response = await cast.owner.api.patch(`/api/projects/${project.id}`, { codeLink: 'https://github.com/' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(BARE_HOST_CODE_LINK);
    const [row] = await t.database.db.select({ codeLink: projects.codeLink }).from(projects).where(eq(projects.id, project.id));
    expect(row!.codeLink).toBe(project.codeLink);
    const fixed = await cast.owner.api.patch(`/api/projects/${project.id}`, { codeLink: 'https://gitlab.com/acme/shop' });
    expect(fixed.json()).toMatchObject({ codeLink: 'https://gitlab.com/acme/shop' });
  });

  it('takes any technology the owner names, trimmed and kept once whatever its letter case', async () => {
    const techStack = [' Rust ', 'Go', 'rust', 'Kotlin', 'Swift', 'GO', 'Elixir Phoenix LiveView', 'A', 'B', 'C'];
    const response = await cast.owner.api.post('/api/projects', { ...validProject, techStack });
    expect(response.statusCode).toBe(201);
    expect(response.json().techStack).toEqual(['Rust', 'Go', 'Kotlin', 'Swift', 'Elixir Phoenix LiveView', 'A', 'B', 'C']);
  });

  describe('multipart with a screenshot', () => {
    const submit = (fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) => {
      const body = multipart(fields, files);
      return cast.owner.api.post('/api/projects', body.payload, body.headers);
    };

    it('stores a re-encoded screenshot under a generated name and serves it with safe headers', async () => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
        .png()
        .toBuffer();
      const response = await submit({ projectData: JSON.stringify(validProject) }, [
        { field: 'image', filename: 'shot.png', contentType: 'image/png', body: png },
      ]);
      expect(response.statusCode).toBe(201);
      const { imageUrl } = response.json();
      expect(imageUrl).toMatch(/^\/uploads\/screenshots\/[0-9a-f-]{36}\.webp$/);
      const image = await cast.visitor.api.get(imageUrl);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    });

    it('accepts projectData without a file', async () => {
      const response = await submit({ projectData: JSON.stringify(validProject) });
      expect(response.statusCode).toBe(201);
      expect(response.json().imageUrl).toBeNull();
    });

    it('refuses a spoofed image by its bytes and creates no project', async () => {
      const before = await t.database.db.$count(projects);
      const response = await submit({ projectData: JSON.stringify(validProject) }, [
        { field: 'image', filename: 'evil.png', contentType: 'image/png', body: Buffer.from('<script>alert(1)</script>'.repeat(20)) },
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('Use a PNG, JPEG, GIF or WebP image');
      expect(await t.database.db.$count(projects)).toBe(before);
    });

    it('refuses a file over 5 MB', async () => {
      const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const response = await submit({ projectData: JSON.stringify(validProject) }, [
        { field: 'image', filename: 'big.png', contentType: 'image/png', body: big },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The image must be 5 MB or smaller');
    });

    it('validates projectData with the spec messages', async () => {
      const response = await submit({ projectData: JSON.stringify({ ...validProject, name: 'abc' }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Project name must be at least 5 characters');
      const broken = await submit({ projectData: '{not json' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe('projectData must be JSON text');
    });
  });
});

describe('GET /api/projects', () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  let ownerApi: Cast['owner']['api'];
  beforeAll(async () => {
    // A separate owner keeps these counts independent of the other tests' projects.
    owner = cast.otherSubmitter.user;
    ownerApi = cast.otherSubmitter.api;
    const db = t.database.db;
    for (let i = 0; i < 7; i += 1) {
      await createProject(db, {
        submitterId: owner.id,
        name: `Browse item ${i}`,
        techStack: i % 2 ? ['Rust'] : ['Go'],
        createdAt: new Date(Date.UTC(2020, 0, 1 + i)),
      });
    }
    await createProject(db, { submitterId: owner.id, name: 'Paused secret thing', status: 'paused' });
    await createProject(db, {
      submitterId: owner.id,
      name: 'Quantum 100% discount',
      description: 'Shop for quantum gadgets with a discount engine that still needs its checkout and admin views.',
    });
  });

  it('shows visitors and finishers only projects open for bids, newest first', async () => {
    for (const api of [cast.visitor.api, cast.finisher.api]) {
      const list = (await api.get('/api/projects?limit=100')).json() as { status: string; createdAt: string; name: string }[];
      expect(list.every((p) => p.status === 'open' || p.status === 'active')).toBe(true);
      expect(list.map((p) => p.name)).not.toContain('Paused secret thing');
      const times = list.map((p) => Date.parse(p.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
  });

  it('shows an owner their own projects in any status, and nobody else those', async () => {
    const own = (await ownerApi.get('/api/projects?limit=100')).json() as { name: string }[];
    expect(own.map((p) => p.name)).toContain('Paused secret thing');
    const other = (await cast.owner.api.get('/api/projects?limit=100')).json() as { name: string }[];
    expect(other.map((p) => p.name)).not.toContain('Paused secret thing');
  });

  it('searches name and description case-insensitively, treating % literally', async () => {
    const byName = (await cast.visitor.api.get('/api/projects?q=BROWSE%20ITEM')).json();
    expect(byName).toHaveLength(7);
    const byDescription = (await cast.visitor.api.get('/api/projects?q=quantum%20GADGETS')).json();
    expect(byDescription.map((p: { name: string }) => p.name)).toEqual(['Quantum 100% discount']);
    const literal = (await cast.visitor.api.get('/api/projects?q=100%25')).json();
    expect(literal.map((p: { name: string }) => p.name)).toEqual(['Quantum 100% discount']);
    expect((await cast.visitor.api.get('/api/projects?q=zzz-nothing')).json()).toEqual([]);
  });

  it('filters by technology and status', async () => {
    const rust = (await cast.visitor.api.get('/api/projects?tech=Rust&q=browse')).json() as { techStack: string[] }[];
    expect(rust).toHaveLength(3);
    expect(rust.every((p) => p.techStack.includes('Rust'))).toBe(true);
    const paused = (await ownerApi.get('/api/projects?status=paused')).json() as { name: string }[];
    expect(paused.map((p) => p.name)).toEqual(['Paused secret thing']);
    expect((await cast.visitor.api.get('/api/projects?status=paused')).json()).toEqual([]);
  });

  it('pages with a cursor announced in a Link header, without gaps or repeats', async () => {
    const seen: string[] = [];
    let url: string | null = '/api/projects?q=browse&limit=3&_t=123';
    let pages = 0;
    while (url && pages < 10) {
      const response = await cast.visitor.api.get(url);
      expect(response.statusCode).toBe(200);
      seen.push(...response.json().map((p: { name: string }) => p.name));
      const link = response.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Browse item ${i}`));
  });

  it('refuses a bad limit or cursor with a 400', async () => {
    expect((await cast.visitor.api.get('/api/projects?limit=101')).statusCode).toBe(400);
    expect((await cast.visitor.api.get('/api/projects?limit=0')).statusCode).toBe(400);
    const bad = await cast.visitor.api.get('/api/projects?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The cursor is not valid');
  });

  it('lists the technologies of open projects for the filter', async () => {
    const techs = (await cast.visitor.api.get('/api/technologies')).json() as string[];
    expect(techs).toEqual(expect.arrayContaining(['Go', 'Rust']));
    expect([...techs].sort()).toEqual(techs);
    expect(new Set(techs).size).toBe(techs.length);
  });
});

describe('GET /api/projects/{id}', () => {
  it('shows bid details only to the owner and the bid’s own finisher', async () => {
    const { project, bidId } = await assignedProject({ accepted: false });
    const detail = (api: Cast['owner']['api']) => api.get(`/api/projects/${project.id}`).then((r) => r.json());
    const forOwner = await detail(cast.owner.api);
    expect(forOwner.bidCount).toBe(1);
    expect(forOwner.bids[0]).toMatchObject({ id: bidId, amount: 500, timeline: 10, detailsHidden: false, developerUsername: cast.finisher.user.username });
    expect(forOwner.bids[0].proposal).toBe(forOwner.bids[0].message);
    expect((await detail(cast.finisher.api)).bids[0]).toMatchObject({ amount: 500, detailsHidden: false });
    for (const api of [cast.otherFinisher.api, cast.otherSubmitter.api, cast.visitor.api]) {
      const bid = (await detail(api)).bids[0];
      expect(bid).toMatchObject({ id: bidId, detailsHidden: true, finisherId: cast.finisher.user.id });
      expect(bid).not.toHaveProperty('amount');
      expect(bid).not.toHaveProperty('message');
      expect(bid).not.toHaveProperty('timeline');
    }
  });

  it('answers 404 for a missing project and 400 for a bad id', async () => {
    expect((await cast.visitor.api.get('/api/projects/999999')).json()).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
    expect((await cast.visitor.api.get('/api/projects/abc')).statusCode).toBe(400);
  });
});

describe('PATCH /api/projects/{id}/status', () => {
  const setStatus = (api: Cast['owner']['api'], id: number, status: string) => api.patch(`/api/projects/${id}/status`, { status });

  it('pauses, reactivates and cancels for the owner along the allowed edges only', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    expect((await setStatus(cast.owner.api, project.id, 'active')).json().message).toBe('Only a paused project can be reactivated');
    expect((await setStatus(cast.owner.api, project.id, 'paused')).json().status).toBe('paused');
    const again = await setStatus(cast.owner.api, project.id, 'paused');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'INVALID_TRANSITION', message: 'Only a project that is open for bids can be paused' });
    expect((await setStatus(cast.owner.api, project.id, 'active')).json().status).toBe('active');
    expect((await setStatus(cast.owner.api, project.id, 'cancelled')).json().status).toBe('cancelled');
    const twice = await setStatus(cast.owner.api, project.id, 'cancelled');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This project can no longer be cancelled: it is already cancelled, or its work has been accepted');
  });

  it('cancels from any other status and turns down the pending bids', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    await cast.finisher.api.post(`/api/projects/${project.id}/bids`, { amount: 300, timeline: 5, message: 'Happy to take this on next week.' });
    expect((await setStatus(cast.owner.api, project.id, 'cancelled')).statusCode).toBe(200);
    const [bid] = await t.database.db.select().from(bids).where(eq(bids.projectId, project.id));
    expect(bid!.status).toBe('rejected');
    const { bidId, project: assigned } = await assignedProject();
    expect((await setStatus(cast.owner.api, assigned.id, 'cancelled')).json().status).toBe('cancelled');
    expect(bidId).toBeGreaterThan(0);
  });

  it('refuses everyone but the owner and changes nothing', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    for (const api of [cast.otherSubmitter.api, cast.finisher.api]) {
      const response = await setStatus(api, project.id, 'paused');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only the project owner can change its status');
    }
    expect((await setStatus(cast.visitor.api, project.id, 'paused')).statusCode).toBe(401);
    expect((await setStatus(cast.owner.api, 999999, 'paused')).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.status).toBe('open');
  });

  it('accepts only paused, active or cancelled', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    const response = await setStatus(cast.owner.api, project.id, 'accepted');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Status must be paused, active or cancelled');
  });
});

describe('delivery and review', () => {
  const complete = (api: Cast['owner']['api'], id: number, deliveryMessage: unknown) => api.post(`/api/projects/${id}/complete`, { deliveryMessage });
  // A revision request carries the owner's reason (issue 14's deal clock).
  const review = (api: Cast['owner']['api'], id: number, accepted: unknown) =>
    api.post(`/api/projects/${id}/accept`, { accepted, ...(accepted === false ? { reason: 'The login form still fails on mobile.' } : {}) });

  it('lets only the assigned finisher deliver, with a message of at least 10 characters', async () => {
    const { project, bidId } = await assignedProject();
    await payFor(project, bidId);
    const short = await complete(cast.finisher.api, project.id, '   too short   ');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Please provide a delivery message of at least 10 characters');
    for (const api of [cast.otherFinisher.api, cast.owner.api, cast.otherSubmitter.api]) {
      const refused = await complete(api, project.id, 'All done, see the README.');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only the assigned developer can mark this project as completed');
    }
    expect((await complete(cast.visitor.api, project.id, 'All done, see the README.')).statusCode).toBe(401);
    const done = await complete(cast.finisher.api, project.id, '  All done, see the README.  ');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', deliveryMessage: 'All done, see the README.' });
    expect(done.json().completedAt).not.toBeNull();
    // Others do not read the delivery message.
    expect((await cast.otherFinisher.api.get(`/api/projects/${project.id}`)).json().deliveryMessage).toBeNull();
    const twice = await complete(cast.finisher.api, project.id, 'Delivering once more.');
    expect(twice.statusCode).toBe(409);
  });

  it('refuses delivery before a bid is accepted', async () => {
    const project = await createProject(t.database.db, { submitterId: cast.owner.user.id });
    expect((await complete(cast.finisher.api, project.id, 'Delivered without a deal.')).statusCode).toBe(403);
  });

  it('sends unpaid work back to assigned on a revision, then accepts it', async () => {
    const { project, bidId } = await assignedProject();
    const early = await review(cast.owner.api, project.id, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Work can only be accepted after it has been delivered');
    // Work delivered unpaid can only be a row from before issue 26: delivering now waits for the money.
    await t.database.db
      .update(projects)
      .set({ status: 'completed', completedAt: new Date(), deliveryMessage: 'First delivery of the work.' })
      .where(eq(projects.id, project.id));
    const unpaidAccept = await review(cast.owner.api, project.id, true);
    expect(unpaidAccept.statusCode).toBe(409);
    expect(unpaidAccept.json().message).toBe(awaitingPayment);
    expect((await review(cast.finisher.api, project.id, true)).statusCode).toBe(403);
    expect((await review(cast.otherSubmitter.api, project.id, true)).statusCode).toBe(403);
    expect((await review(cast.visitor.api, project.id, true)).statusCode).toBe(401);
    expect((await review(cast.owner.api, project.id, 'yes')).statusCode).toBe(400);
    const revision = await review(cast.owner.api, project.id, false);
    expect(revision.json()).toMatchObject({ status: 'assigned', completedAt: null });
    const unpaidDelivery = await complete(cast.finisher.api, project.id, 'Second delivery with the fixes.');
    expect(unpaidDelivery.statusCode).toBe(409);
    expect(unpaidDelivery.json().message).toBe(awaitingPayment);
    await payFor(project, bidId);
    await complete(cast.finisher.api, project.id, 'Second delivery with the fixes.');
    const accepted = await review(cast.owner.api, project.id, true);
    expect(accepted.json().status).toBe('accepted');
    expect(accepted.json().acceptedAt).not.toBeNull();
    expect((await review(cast.owner.api, project.id, true)).statusCode).toBe(409);
  });

  it('refuses delivery and acceptance until the accepted bid is paid, in a sentence (issue 26)', async () => {
    const { project } = await assignedProject();
    const delivered = await complete(cast.finisher.api, project.id, 'Delivered without any payment.');
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toEqual({ code: 'INVALID_TRANSITION', message: awaitingPayment });
    // Who may act still comes first (403), as every step answers.
    expect((await complete(cast.otherFinisher.api, project.id, 'Delivered without any payment.')).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ status: 'assigned', completedAt: null });
    const deal = (await cast.finisher.api.get(`/api/projects/${project.id}/deal`)).json();
    expect(deal).toMatchObject({ status: 'assigned', nextStep: { action: 'pay', actor: 'owner' }, money: null });
    expect(deal.nextStep.description).toContain('pays $500');
  });

  it('sends paid work back to in progress on a revision', async () => {
    const { project, bidId } = await assignedProject();
    await insertPayment(t.database.db, { bidId, ...splitPayment(50_000), status: 'held' });
    await t.database.db.update(projects).set({ status: 'in_progress' }).where(eq(projects.id, project.id));
    await complete(cast.finisher.api, project.id, 'Delivered the paid work.');
    expect((await review(cast.owner.api, project.id, false)).json().status).toBe('in_progress');
  });

  it('notifies the other party at every step', async () => {
    const { project, bidId } = await assignedProject();
    await payFor(project, bidId);
    await complete(cast.finisher.api, project.id, 'Delivered, ready for review.');
    await review(cast.owner.api, project.id, false);
    await complete(cast.finisher.api, project.id, 'Delivered again with fixes.');
    await review(cast.owner.api, project.id, true);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relatedId, project.id)));
    const titles = rows.map((n) => `${n.userId === cast.owner.user.id ? 'owner' : 'finisher'}:${n.type}:${n.title}`);
    expect(titles).toEqual(
      expect.arrayContaining([
        'owner:bid:New bid received',
        'finisher:bid:Bid accepted',
        'owner:project:Work delivered',
        'finisher:project:Revision requested',
        // The finisher has no payout account: the notification says what waits and opens the payout setup (issue 28, item 2).
        'finisher:payout_setup:Work accepted',
      ]),
    );
  });
});

describe('per-user lists', () => {
  it('GET /api/users/{id}/projects answers only the user themself', async () => {
    const { project } = await assignedProject();
    const mine = (await cast.finisher.api.get(`/api/users/${cast.finisher.user.id}/projects`)).json() as { id: number }[];
    expect(mine.map((p) => p.id)).toContain(project.id);
    const owned = (await cast.owner.api.get(`/api/users/${cast.owner.user.id}/projects`)).json() as { id: number }[];
    expect(owned.map((p) => p.id)).toContain(project.id);
    const other = await cast.otherSubmitter.api.get(`/api/users/${cast.owner.user.id}/projects`);
    expect(other.statusCode).toBe(403);
    expect((await cast.visitor.api.get(`/api/users/${cast.owner.user.id}/projects`)).statusCode).toBe(401);
  });

  it('GET /api/users/{id}/total-spending counts held and released payments of the user’s projects', async () => {
    const spender = await createUser(t.database.db);
    const api = client(t.app, await signIn(t.app, spender.email));
    const statuses = ['held', 'released', 'refunded', 'pending'] as const;
    for (const status of statuses) {
      const project = await createProject(t.database.db, { submitterId: spender.id });
      const [bid] = await t.database.db
        .insert(bids)
        .values({ projectId: project.id, finisherId: cast.finisher.user.id, amountCents: 100_000, timelineDays: 5, message: 'x'.repeat(20), status: 'paid' })
        .returning();
      await insertPayment(t.database.db, { bidId: bid!.id, ...splitPayment(100_000), status });
    }
    expect((await api.get(`/api/users/${spender.id}/total-spending`)).json()).toEqual({ totalSpent: 2000, totalSpentCents: 200_000 });
    expect((await cast.owner.api.get(`/api/users/${spender.id}/total-spending`)).statusCode).toBe(403);
    expect((await cast.visitor.api.get(`/api/users/${spender.id}/total-spending`)).statusCode).toBe(401);
  });
});

describe('cursor tampering', () => {
  it('refuses a well-formed cursor with impossible dates instead of failing', async () => {
    const cursor = Buffer.from(JSON.stringify(['2026-13-45 10:00:00+00', 5])).toString('base64url');
    const response = await cast.visitor.api.get(`/api/projects?cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
  });
});
