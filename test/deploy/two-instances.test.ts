import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniqueRedisKeyPrefix } from '#test/support/app.js';
import { connectAs, type LiveClient } from '#test/support/live.js';
import { multipart } from '#test/support/multipart.js';
import { createDeployDatabase, type DeployDatabase } from './deploy-database.js';
import { type HttpClient, type HttpResponse, httpClient, registerUser } from './http-client.js';
import { findNginx, freePort, type Nginx, startNginx } from './nginx.js';
import { type LogLine, type ServerProcess, startServerProcess, stopServerProcess } from '#test/support/server-process.js';

// The production topology in miniature: nginx on loopback in front of two server processes that
// share one PostgreSQL, one Redis and one uploads directory, as in docs/deploy.md.
const nginxBinary = findNginx();
const skipReason =
  !process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL
    ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL'
    : !nginxBinary
      ? 'needs nginx (apt-get install nginx-light)'
      : undefined;

let database: DeployDatabase;
let instances: ServerProcess[] = [];
let nginx: Nginx | undefined;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  if (skipReason) return;
  database = await createDeployDatabase();
  const port = await freePort();
  const env = {
    ...database.env,
    REDIS_URL: process.env.TEST_REDIS_URL!,
    // Shared by the two instances, apart from every other test's (their databases reuse user ids).
    REDIS_KEY_PREFIX: uniqueRedisKeyPrefix('deploy'),
    SANDBOX_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: 'true',
  };
  // Started together, so both run the migrations: the advisory lock makes them take turns.
  instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  nginx = await startNginx(
    nginxBinary!,
    port,
    instances.map((instance) => `127.0.0.1:${instance.port}`),
  );
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await nginx?.stop();
  await Promise.all(instances.map((instance) => stopServerProcess(instance)));
  expect(await Promise.all(instances.map((instance) => instance.exited))).toEqual(instances.map(() => 0));
  await database?.drop();
}, 60_000);

// Log lines arrive through a pipe, a moment after the response.
const logArrival = { timeout: 10_000, interval: 20 };

/** The one line of a request, "request completed", is written once the response is sent, so possibly after the client has it. */
const completed = (requestId: string) => (line: LogLine) => line.requestId === requestId && line.msg === 'request completed';

/** Which instance served the request with this id, by its log. */
function instanceThatServed(requestId: string): Promise<number> {
  return vi.waitFor(() => {
    const index = instances.findIndex((instance) => instance.logs.some(completed(requestId)));
    if (index < 0) throw new Error(`no instance logged request ${requestId}`);
    return index;
  }, logArrival);
}

/**
 * The token of the confirmation link mailed to an address. No SMTP in this topology, so mail goes to
 * the log (decision 016), where a self-hosting operator would find it too.
 */
function confirmationTokenFor(email: string): Promise<string> {
  return vi.waitFor(() => {
    for (const line of instances.flatMap((instance) => instance.logs)) {
      const mail = line.mail as { to?: string; text?: string } | undefined;
      const match = mail?.to === email ? /\/verify-email\?token=([\w-]+)/.exec(mail.text ?? '') : null;
      if (match) return match[1]!;
    }
    throw new Error(`no confirmation link to ${email} in the logs`);
  }, logArrival);
}

const requestIdOf = (response: HttpResponse) => response.headers.get('x-request-id')!;

/** A WebSocket upgrade never completes an HTTP answer: its one line is its arrival. */
const upgradesLogged = (instance: ServerProcess) => instance.logs.filter((line) => line.url === '/ws' && line.msg === 'incoming request').length;

/** Opens a live socket through nginx as the client's user, and finds the instance that took it. */
async function openSocketThroughProxy(client: HttpClient, userId: number) {
  const before = instances.map(upgradesLogged);
  const socket = await connectAs(nginx!.url.replace('http:', 'ws:'), client.cookieHeader(), userId);
  sockets.push(socket);
  const instance = await vi.waitFor(() => {
    const index = instances.findIndex((candidate, i) => upgradesLogged(candidate) > before[i]!);
    if (index < 0) throw new Error('no instance logged the WebSocket upgrade');
    return index;
  }, logArrival);
  return { socket, instance };
}

const projectFields = {
  name: 'Invoice dashboard',
  description: 'A half-built invoicing dashboard: the API exists, the charts and the export are missing.',
  techStack: ['React', 'Node.js'],
  codeLink: 'https://github.com/example/invoice-dashboard',
  budget: 1200,
};
const proposal = { amount: 1000, timeline: 14, message: 'I have shipped three dashboards like this one.' };

function expectStatus(response: HttpResponse, status: number) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

describe.skipIf(skipReason)(`two instances behind nginx${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('completes a whole deal, chat included, with requests spread across both instances', async () => {
    const owner = httpClient(nginx!.url);
    const finisher = httpClient(nginx!.url);
    const ownerUser = await registerUser(owner, 'creator');
    const finisherUser = await registerUser(finisher, 'developer');

    // Readiness through the proxy: database and Redis reachable. (Probes are not request-logged.)
    expect(await (await fetch(`${nginx!.url}/api/health/ready`)).json()).toEqual({ status: 'ready', database: 'postgres', redis: 'ok' });
    const screenshot = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    const project = expectStatus(
      await owner.postRaw(
        '/api/projects',
        multipart({ projectData: JSON.stringify(projectFields) }, [{ field: 'image', filename: 'screen.png', contentType: 'image/png', body: screenshot }]),
      ),
      201,
    );
    // The upload is stored once and served by every instance (one shared store).
    const imageFetches = [await owner.get(project.imageUrl), await owner.get(project.imageUrl)];
    expect(imageFetches.map((response) => response.status)).toEqual([200, 200]);
    expect(new Set(await Promise.all(imageFetches.map((response) => instanceThatServed(requestIdOf(response))))).size).toBe(2);
    const bid = expectStatus(await finisher.post(`/api/projects/${project.id}/bids`, proposal), 201);

    // The chat: the owner's live socket on one instance hears a message posted through the other.
    expectStatus(await owner.post(`/api/bids/${bid.id}/conversations`), 200);
    const { socket: ownerSocket, instance: socketInstance } = await openSocketThroughProxy(owner, ownerUser.id);
    let crossInstanceMessage: { id: number } | undefined;
    for (let attempt = 1; attempt <= 4 && !crossInstanceMessage; attempt++) {
      const sent = await finisher.post(`/api/bids/${bid.id}/messages`, { content: `Question ${attempt}: is the export CSV or PDF?` });
      expectStatus(sent, 201);
      if ((await instanceThatServed(requestIdOf(sent))) !== socketInstance) crossInstanceMessage = sent.body;
    }
    expect(crossInstanceMessage, 'round robin sent no message through the other instance').toBeDefined();
    const heard = await ownerSocket.waitFor('new_message', (event) => event.message.id === crossInstanceMessage!.id, 15_000);
    expect(heard.message).toMatchObject({ bidId: bid.id, senderId: finisherUser.id, receiverId: ownerUser.id });
    expectStatus(await owner.post(`/api/bids/${bid.id}/messages`, { content: 'CSV is enough, thanks.' }), 201);
    const thread = expectStatus(await finisher.get(`/api/bids/${bid.id}/messages`), 200) as { content: string }[];
    expect(thread.map((message) => message.content)).toContain('CSV is enough, thanks.');

    expectStatus(await owner.post(`/api/bids/${bid.id}/accept`), 200);

    // Payout setup needs a confirmed address (decision 036): the finisher opens the mailed link first.
    expectStatus(await finisher.post('/api/account/email-verification/confirm', { token: await confirmationTokenFor(finisherUser.email) }), 200);
    // Payout setup: the sandbox's signed link works on whichever instance opens it (one SANDBOX_SECRET).
    const { url: onboardingUrl } = expectStatus(
      await finisher.post('/api/stripe/create-connect-account', { userId: finisherUser.id, email: finisherUser.email }),
      200,
    );
    const onboardingToken = onboardingUrl.replace('/sandbox/onboarding/', '');
    expectStatus(await finisher.get(`/api/sandbox/onboarding/${onboardingToken}`), 200);
    expectStatus(await finisher.post(`/api/sandbox/onboarding/${onboardingToken}/complete`), 200);
    expect(expectStatus(await finisher.post('/api/stripe/check-onboarding-status', { userId: finisherUser.id }), 200).isComplete).toBe(true);

    // Checkout, paid with the test card; its signed event goes through the webhook handler.
    const { checkoutUrl } = expectStatus(await owner.post(`/api/bids/${bid.id}/pay`, { accept: true }), 200);
    const sessionId = checkoutUrl.replace('/sandbox/checkout/', '');
    expect(expectStatus(await owner.get(`/api/sandbox/checkout-sessions/${sessionId}`), 200).amountCents).toBe(100_000);
    expectStatus(await owner.post(`/api/sandbox/checkout-sessions/${sessionId}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }), 200);
    expect(expectStatus(await owner.get(`/api/projects/${project.id}/payment`), 200)).toMatchObject({ status: 'held', amountCents: 100_000 });

    expectStatus(await finisher.post(`/api/projects/${project.id}/complete`, { deliveryMessage: 'Charts and CSV export are in, with tests.' }), 200);
    expect(expectStatus(await owner.post(`/api/projects/${project.id}/accept`, { accepted: true }), 200).status).toBe('accepted');
    expect(expectStatus(await finisher.get(`/api/projects/${project.id}/payment`), 200)).toMatchObject({
      status: 'released',
      developerAmountCents: 90_000,
      platformFeeCents: 10_000,
    });

    // Every request of the deal was logged, under nginx's request id, by exactly one instance,
    // and both instances served a share of them.
    const requestIds = [...owner.requestIds, ...finisher.requestIds];
    expect(
      requestIds.every((id) => /^[0-9a-f]{32}$/.test(id)),
      'nginx passes its $request_id',
    ).toBe(true);
    const servedBy = await Promise.all(requestIds.map(instanceThatServed));
    for (const [index] of instances.entries()) {
      expect(servedBy.filter((served) => served === index).length, `requests served by instance ${index}`).toBeGreaterThan(requestIds.length / 4);
    }
    for (const id of requestIds) {
      expect(instances.filter((instance) => instance.logs.some(completed(id)))).toHaveLength(1);
      expect(nginx!.accessLog()).toContain(id);
    }
  }, 90_000);

  // Runs last: it stops one of the two instances.
  it('moves live sockets to the other instance when one shuts down, and the deal goes on', async () => {
    const owner = httpClient(nginx!.url);
    const finisher = httpClient(nginx!.url);
    const ownerUser = await registerUser(owner, 'creator');
    await registerUser(finisher, 'developer');
    const project = expectStatus(await owner.post('/api/projects', projectFields), 201);
    const bid = expectStatus(await finisher.post(`/api/projects/${project.id}/bids`, proposal), 201);
    const { socket, instance: stopping } = await openSocketThroughProxy(owner, ownerUser.id);

    instances[stopping]!.signal('SIGTERM');
    expect(await socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    expect(await instances[stopping]!.exited).toBe(0);

    // What the browser does on 1001: reconnect through the proxy, which finds the instance left.
    const { socket: reconnected, instance: remaining } = await openSocketThroughProxy(owner, ownerUser.id);
    expect(remaining).not.toBe(stopping);
    const sent = expectStatus(await finisher.post(`/api/bids/${bid.id}/messages`, { content: 'Still there after the restart?' }), 201);
    const heard = await reconnected.waitFor('new_message', (event) => event.message.id === sent.id, 15_000);
    expect(heard.message.content).toBe('Still there after the restart?');
    expect(expectStatus(await owner.get(`/api/projects/${project.id}`), 200).id).toBe(project.id);
  }, 60_000);
});
