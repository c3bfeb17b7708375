import { createGithubApp, type GithubConfig, githubOctokitClass } from './github-client.js';

/**
 * Signing in to the GitHub App as a person (user-to-server tokens): an owner does it to list and
 * connect repositories, a finisher to receive push invitations. The routes that call these own the
 * state parameter (bound to the session) and store the tokens encrypted (token-crypto.ts).
 */

/** Where to send the person: GitHub's authorize page for this app, carrying `state` back to the callback. */
export function githubAuthorizeUrl(config: Pick<GithubConfig, 'webUrl' | 'clientId'>, state: string): string {
  const url = new URL('/login/oauth/authorize', config.webUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('state', state);
  return url.toString();
}

export interface GithubUserToken {
  token: string;
  /** Present when the app's user tokens expire (GitHub's default for apps): 8 hours, refreshable for 6 months. */
  refreshToken: string | null;
  expiresAt: Date | null;
  login: string;
  id: number;
}

/** Exchanges the callback's code for the person's token, and reads who they are with it. */
export async function exchangeGithubCode(config: GithubConfig, code: string): Promise<GithubUserToken> {
  const app = createGithubApp(config);
  // oauth-methods sends the exchange to github.com for api.github.com, else to the API's own host (a fake in tests).
  const { authentication } = await app.oauth.createToken({ code });
  const UserOctokit = githubOctokitClass(config);
  const { data: user } = await new UserOctokit({ auth: authentication.token }).request('GET /user');
  return {
    token: authentication.token,
    refreshToken: 'refreshToken' in authentication ? (authentication.refreshToken ?? null) : null,
    expiresAt: 'expiresAt' in authentication && authentication.expiresAt ? new Date(authentication.expiresAt) : null,
    login: user.login,
    id: Number(user.id),
  };
}
