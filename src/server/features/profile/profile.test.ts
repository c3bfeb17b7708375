import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { signIn } from '#test/support/factories.js';
import { multipart } from '#test/support/multipart.js';
import { users } from '#server/db/schema/users.js';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.database.db);
});
afterAll(() => t.close());

const url = () => `/api/users/${cast.finisher.user.id}/profile`;
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PATCH /api/users/{id}/profile', () => {
  it('updates the signed-in user’s own profile and answers the user without secrets', async () => {
    const response = await cast.finisher.api.patch(url(), {
      bio: 'I finish things.',
      location: 'Lisbon',
      website: 'https://example.dev',
      githubUrl: '',
      skills: ['typescript', 'go', 'typescript'],
      hourlyRate: 90,
      yearsOfExperience: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      bio: 'I finish things.',
      location: 'Lisbon',
      website: 'https://example.dev',
      githubUrl: null,
      skills: ['typescript', 'go'],
      hourlyRate: 90,
      yearsOfExperience: null,
    });
    expect(JSON.stringify(response.json())).not.toMatch(/password/i);
  });

  it('refuses another user’s profile, and visitors', async () => {
    const response = await cast.otherFinisher.api.patch(url(), { bio: 'hijacked' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You can only edit your own profile');
    expect((await cast.visitor.api.patch(url(), { bio: 'hijacked' })).statusCode).toBe(401);
    expect((await userRow(cast.finisher.user.id)).bio).not.toBe('hijacked');
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ email: 'nope' }, 'Please enter a valid email'],
    [{ website: 'not a url' }, 'Please enter a valid URL'],
    [{ linkedinUrl: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    [{ hourlyRate: 12.5 }, 'Hourly rate must be a whole number'],
    [{ yearsOfExperience: 'ten' }, 'Years of experience must be a whole number'],
  ])('refuses %j with a clear message', async (body, message) => {
    const response = await cast.finisher.api.patch(url(), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('keeps usernames and emails unique', async () => {
    const taken = await cast.finisher.api.patch(url(), { username: cast.owner.user.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This username is already taken');
    const email = await cast.finisher.api.patch(url(), { email: cast.owner.user.email });
    expect(email.statusCode).toBe(409);
  });

  describe('with an avatar', () => {
    const send = async (fields: Record<string, string>, file?: { body: Buffer; contentType: string; filename: string }) => {
      const body = multipart(fields, file ? [{ field: 'avatar', ...file }] : []);
      const cookie = await signIn(t.app, cast.finisher.user.email);
      return t.app.inject({ method: 'PATCH', url: url(), payload: body.payload, headers: { ...body.headers, cookie } });
    };

    it('stores a square re-encoded thumbnail and the other fields, lists as JSON text', async () => {
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff8800' } })
        .jpeg()
        .withExif({ IFD0: { Artist: 'secret' } })
        .toBuffer();
      const response = await send(
        { bio: 'With a face now', skills: JSON.stringify(['rust', 'go']), hourlyRate: '75' },
        { body: jpeg, contentType: 'image/jpeg', filename: 'me.jpg' },
      );
      expect(response.statusCode).toBe(200);
      const user = response.json();
      expect(user).toMatchObject({ bio: 'With a face now', skills: ['rust', 'go'], hourlyRate: 75 });
      expect(user.avatarUrl).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
      const image = await t.app.inject({ method: 'GET', url: user.avatarUrl });
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format, meta.exif]).toEqual([256, 256, 'webp', undefined]);
    });

    it('refuses a spoofed or oversized avatar with the spec message and changes nothing', async () => {
      const before = await userRow(cast.finisher.user.id);
      const spoofed = await send(
        { bio: 'should not stick' },
        { body: Buffer.from('GIF89a but not really an image at all'), contentType: 'image/gif', filename: 'x.gif' },
      );
      expect([400, 415]).toContain(spoofed.statusCode);
      const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .webp()
        .toBuffer();
      const wrongType = await send({ bio: 'should not stick' }, { body: webp, contentType: 'image/webp', filename: 'x.webp' });
      expect(wrongType.statusCode).toBe(415);
      expect(wrongType.json().message).toBe('Use a PNG, JPEG or GIF image');
      const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5_242_881)]);
      const oversized = await send({ bio: 'should not stick' }, { body: big, contentType: 'image/jpeg', filename: 'big.jpg' });
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json().message).toBe('The image must be 5 MB or smaller');
      const after = await userRow(cast.finisher.user.id);
      expect([after.bio, after.avatarUrl]).toEqual([before.bio, before.avatarUrl]);
    });

    it('refuses more than one file', async () => {
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const body = multipart({}, [
        { field: 'avatar', filename: 'a.png', contentType: 'image/png', body: png },
        { field: 'avatar', filename: 'b.png', contentType: 'image/png', body: png },
      ]);
      const cookie = await signIn(t.app, cast.finisher.user.email);
      const response = await t.app.inject({ method: 'PATCH', url: url(), payload: body.payload, headers: { ...body.headers, cookie } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Too many files');
    });
  });
});
