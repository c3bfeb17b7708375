import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGithub, startFakeGithub } from '#test/fakes/github-api.js';
import { seedGithubWorld } from '#test/fakes/github-fixtures.js';
import { exchangeGithubCode, githubAuthorizeUrl } from './github-oauth.js';

let fake: FakeGithub;

beforeAll(async () => {
  fake = await startFakeGithub();
  seedGithubWorld(fake);
});
afterAll(() => fake.close());

describe("signing in to Finishline's GitHub App", () => {
  it("sends the person to GitHub's authorize page with the app's client id and the state", () => {
    const url = new URL(githubAuthorizeUrl({ webUrl: 'https://github.com', clientId: 'Iv1.abc' }, 'state-123'));
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'Iv1.abc', state: 'state-123' });
  });

  it("exchanges the callback's code at the API host's /login/oauth/access_token, then reads the user", async () => {
    fake.state.oauthCodes.set('code-1', 'ghu_olivia');
    const before = Date.now();
    const mark = fake.requests.length;
    const signedIn = await exchangeGithubCode(fake.config, 'code-1');
    expect(signedIn).toMatchObject({ token: 'ghu_olivia', login: 'olivia', id: 11, refreshToken: expect.stringMatching(/^ghr_/) as string });
    // GitHub's user tokens for apps last 8 hours (the fake's expires_in).
    expect(signedIn.expiresAt!.getTime()).toBeGreaterThan(before + 7 * 3_600_000);
    const [exchange, user] = fake.requests.slice(mark);
    expect(exchange).toMatchObject({
      method: 'POST',
      path: '/login/oauth/access_token',
      body: { client_id: fake.config.clientId, client_secret: fake.config.clientSecret, code: 'code-1' },
    });
    expect(user).toMatchObject({ method: 'GET', path: '/user', authorization: 'token ghu_olivia' });
  });

  it('refuses a code GitHub does not know', async () => {
    await expect(exchangeGithubCode(fake.config, 'code-1')).rejects.toThrow(/bad_verification_code/);
  });
});
