import { createHmac, randomUUID } from 'node:crypto';
import { sign } from '@octokit/webhooks-methods';
import { expect } from 'vitest';
import { importCommits } from '#server/integrations/repositories/fast-import.js';
import type { FakeGithub } from '#test/fakes/github-api.js';
import type { DealWorld } from './deal.js';

type Api = DealWorld['cast']['owner']['api'];

const author = { name: 'Ada Finisher', email: 'ada@example.test' };

/**
 * A deal world's sandbox repositories, written straight into their bare directories (fast-import;
 * the git client's own path is the sandbox tests' to cover), and the host's signed events as a
 * test forges them.
 */
export function repositoryHelpers(w: DealWorld) {
  const { t } = w;
  const gitDirOf = (id: number) => `${t.config.dataDir}/git/repositories/${id}.git`;

  async function createRepository(api: Api, name: string, options: { isPrivate?: boolean } = {}) {
    const response = await api.post('/api/sandbox/git/repositories', { name, private: options.isPrivate ?? false });
    expect(response.statusCode).toBe(201);
    const repo = response.json<{ id: number; fullName: string; cloneUrl: string }>();
    const head = await importCommits(gitDirOf(repo.id), [
      {
        message: 'Half-built start',
        author,
        date: new Date('2026-10-01T10:00:00Z'),
        files: {
          'README.md': '# Half built\n',
          'src/app.ts': 'export const app = 1; // TODO finish\n',
          'src/app.test.ts': "import { it } from 'vitest';\nit('runs', () => {});\n",
        },
      },
    ]);
    return { ...repo, head };
  }

  /** A branch with a commit on top of main, as the finisher would push it. */
  const pushBranch = (id: number, branch: string, files: Record<string, string>) =>
    importCommits(gitDirOf(id), [{ message: `Work on ${branch}`, author, date: new Date('2026-11-01T10:00:00Z'), files }], branch, 'main');

  /** A delivery signed with the sandbox host's own key, as its events are: what a forger without the key cannot make. */
  async function signedEvent(event: string, payload: object, delivery = `forged-${Math.random()}`) {
    const secret = createHmac('sha256', t.config.sandboxSecret).update('git-webhook').digest('hex');
    const body = JSON.stringify(payload);
    return {
      body,
      headers: { 'x-github-event': event, 'x-github-delivery': delivery, 'x-hub-signature-256': await sign(secret, body), 'content-type': 'application/json' },
    };
  }

  const postWebhook = (event: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/github/webhook', payload: event.body, headers: event.headers });

  return { gitDirOf, createRepository, pushBranch, signedEvent, postWebhook };
}

/** The environment of an app whose repository host is the GitHub App, pointed at the local fake. */
export const githubAppEnv = (fake: FakeGithub): Record<string, string> => ({
  GITHUB_APP_ID: fake.config.appId,
  GITHUB_APP_PRIVATE_KEY: fake.config.privateKey,
  GITHUB_WEBHOOK_SECRET: fake.config.webhookSecret,
  GITHUB_CLIENT_ID: fake.config.clientId,
  GITHUB_CLIENT_SECRET: fake.config.clientSecret,
  GITHUB_APP_SLUG: fake.config.appSlug,
  GITHUB_API_URL: fake.url,
  GITHUB_WEB_URL: fake.url,
});

/** The state a GET /api/github/authorize redirect hands to GitHub. */
export const stateOf = (location: unknown) => new URL(String(location)).searchParams.get('state') ?? '';

/**
 * Links a GitHub account the way a browser does: authorize (302 to GitHub with a state), GitHub's
 * consent (a code the fake exchanges for `token`), then the callback; answers the callback's response.
 */
export async function linkGithub(api: Api, fake: FakeGithub, token: string, returnTo = '/dashboard') {
  const started = await api.get(`/api/github/authorize?returnTo=${encodeURIComponent(returnTo)}`);
  expect(started.statusCode).toBe(302);
  const code = `code-${randomUUID()}`;
  fake.state.oauthCodes.set(code, token);
  return api.get(`/api/github/callback?code=${code}&state=${encodeURIComponent(stateOf(started.headers.location))}`);
}
