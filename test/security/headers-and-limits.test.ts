// Security headers (CSP, HSTS behind HTTPS), request body ceilings, and the per-action rate limits
// of issue 8: login and registration (per address), bids, uploads and chat messages (per user),
// shared by every instance through Redis when the run has one.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestRedis, createTestApp, type TestApp, uniqueRedisKeyPrefix } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, signIn } from '#test/support/factories.js';
import { multipart } from '#test/support/multipart.js';

// Chat message limits are tested with the conversations feature.
const limits = { BIDS_PER_HOUR: '2', UPLOADS_PER_HOUR: '1' };

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp(limits);
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const bid = { amount: 500, timeline: 7, message: 'I have shipped three apps like this one.' };
const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();

function expectRateLimited(response: { statusCode: number; headers: Record<string, unknown>; json(): { code: string; message: string } }, message: RegExp) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(response.json().message).toMatch(message);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows only this origin’s scripts', async () => {
    const response = await cast.visitor.api.get('/api/projects');
    const policy = String(response.headers['content-security-policy']);
    const directives = new Map(
      policy.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends HSTS only on requests that came over HTTPS', async () => {
    const plain = await cast.visitor.api.get('/api/projects');
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    // Without TRUST_PROXY a client cannot claim HTTPS with a header.
    const spoofed = await t.app.inject({ url: '/api/projects', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const secure = await proxied.app.inject({ url: '/api/projects', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const insecure = await proxied.app.inject({ url: '/api/projects', headers: { 'x-forwarded-proto': 'http' } });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('request body limits', () => {
  it('refuses a JSON body past 1 MiB with 413 before parsing it', async () => {
    const huge = JSON.stringify({ content: 'x'.repeat(1024 * 1024 + 1) });
    const response = await cast.finisher.api.post('/api/projects', huge, { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
  });

  it('refuses an upload past 5 MB with 413 and a message written for a person', async () => {
    const form = multipart({}, [{ field: 'avatar', filename: 'big.png', contentType: 'image/png', body: Buffer.alloc(5_242_881, 1) }]);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${cast.otherSubmitter.user.id}/profile`,
      payload: form.payload,
      headers: { ...form.headers, cookie: await cookieOf(cast.otherSubmitter) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The image must be 5 MB or smaller');
  });
});

/** A raw inject (multipart) needs the caller's cookie spelled out. */
const cookieOf = (member: Cast['owner']) => signIn(t.app, member.user.email);

describe('rate limits', () => {
  it('limits bids per finisher per hour, counting only allowed attempts', async () => {
    const projects = await Promise.all([1, 2, 3].map(() => createProject(t.database.db, { submitterId: cast.owner.user.id })));
    // A submitter's refused bid (403) does not count against anyone.
    expect((await cast.otherSubmitter.api.post(`/api/projects/${projects[0]!.id}/bids`, bid)).statusCode).toBe(403);
    expect((await cast.finisher.api.post(`/api/projects/${projects[0]!.id}/bids`, bid)).statusCode).toBe(201);
    expect((await cast.finisher.api.post(`/api/projects/${projects[1]!.id}/bids`, bid)).statusCode).toBe(201);
    expectRateLimited(
      await cast.finisher.api.post(`/api/projects/${projects[2]!.id}/bids`, bid),
      /^You are placing bids too quickly\. Please try again in \d+ minutes?\.$/,
    );
    // Another finisher still bids.
    expect((await cast.otherFinisher.api.post(`/api/projects/${projects[2]!.id}/bids`, bid)).statusCode).toBe(201);
  });

  it('limits image uploads per user per hour, across avatars and screenshots', async () => {
    const avatar = multipart({}, [{ field: 'avatar', filename: 'me.png', contentType: 'image/png', body: await tinyPng() }]);
    const owner = await cookieOf(cast.owner);
    const first = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${cast.owner.user.id}/profile`,
      payload: avatar.payload,
      headers: { ...avatar.headers, cookie: owner },
    });
    expect(first.statusCode).toBe(200);

    const projectData = JSON.stringify({
      name: 'Rate limited screenshots',
      description: 'A project description that is comfortably longer than fifty characters.',
      techStack: ['React'],
      codeLink: 'https://github.com/example/limited',
    });
    const screenshot = multipart({ projectData }, [{ field: 'image', filename: 'shot.png', contentType: 'image/png', body: await tinyPng() }]);
    const second = await t.app.inject({ method: 'POST', url: '/api/projects', payload: screenshot.payload, headers: { ...screenshot.headers, cookie: owner } });
    expectRateLimited(second, /^You are uploading files too quickly\. Please try again in \d+ minutes?\.$/);

    // The same submission without an image is not an upload.
    const plain = await cast.owner.api.post('/api/projects', JSON.parse(projectData));
    expect(plain.statusCode).toBe(201);
  });

  it('shares the counts across instances through Redis', async (context) => {
    const redis = await connectTestRedis();
    if (!redis) return context.skip('needs TEST_REDIS_URL');
    // Two instances in one Redis namespace, as behind a load balancer.
    const env = { REGISTRATIONS_PER_ADDRESS_PER_HOUR: '2', REDIS_KEY_PREFIX: uniqueRedisKeyPrefix('shared-limits') };
    const first = await createTestApp(env, { redis });
    const second = await createTestApp(env, { redis });
    try {
      const register = (instance: TestApp, n: number) =>
        instance.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: '10.7.7.7',
          payload: { username: `shared_${n}_${process.pid}`, email: `shared_${n}_${process.pid}@example.com`, password: 'secret-enough', role: 'creator' },
        });
      expect((await register(first, 1)).statusCode).toBe(201);
      expect((await register(second, 2)).statusCode).toBe(201);
      expectRateLimited(await register(first, 3), /^Too many accounts were created from your address\./);
      expectRateLimited(await register(second, 4), /^Too many accounts were created from your address\./);
    } finally {
      await first.close();
      await second.close();
      await redis.quit();
    }
  });
});
