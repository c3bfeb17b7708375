import { createPublicKey, generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Caller, notFound, type Reply, routes } from './github-api-routes.js';
import { createFakeGithubState, type FakeInstallation, type FakeRepository, type PermissionLevel } from './github-api-state.js';
import { serveGitHttpBackend } from './github-git.js';

export interface RecordedGithubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
  status: number;
}

/** The app id, OAuth client and webhook secret the fake answers to; the adapter's config in tests. */
export const FAKE_GITHUB_APP = {
  appId: '424242',
  clientId: 'Iv1.fakeclient',
  clientSecret: 'fake-client-secret',
  webhookSecret: 'fake-webhook-secret',
  appSlug: 'finishline',
};

/** Checks an app JWT as GitHub does: RS256 under the app's public key, issued by the app id, not expired. */
function isAppJwt(token: string, publicKey: KeyObject, appId: string): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  try {
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown; exp?: number; iat?: number };
    const now = Math.floor(Date.now() / 1000);
    return (
      alg === 'RS256' &&
      verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url')) &&
      String(claims.iss) === appId &&
      typeof claims.exp === 'number' &&
      claims.exp > now &&
      claims.exp - (claims.iat ?? 0) <= 600
    );
  } catch {
    return false;
  }
}

/**
 * A local stand-in for GitHub (REST API, OAuth token exchange and git over smart HTTP) that the
 * GitHub App adapter is tested against, as stripe-api.ts stands in for Stripe. It answers the
 * routes Finishline calls with GitHub-shaped JSON, checks the app JWT and the installation and
 * user tokens, and serves fixture bare repositories through `git http-backend`.
 */
export async function startFakeGithub(options: { privateKeyPem?: string } = {}) {
  let privateKey = options.privateKeyPem;
  let publicKey: KeyObject;
  if (privateKey) publicKey = createPublicKey(privateKey);
  else {
    // PKCS#1, the form GitHub hands out for an app's private key.
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    privateKey = pair.privateKey;
    publicKey = createPublicKey(pair.publicKey);
  }
  const state = createFakeGithubState();
  const requests: RecordedGithubRequest[] = [];
  let failures = { remaining: 0, status: 500 };
  let baseUrl = '';

  const callerOf = (authorization: string | undefined): Caller => {
    const [scheme = '', token = ''] = (authorization ?? '').split(' ');
    if (/^bearer$/i.test(scheme) && isAppJwt(token, publicKey, FAKE_GITHUB_APP.appId)) return { kind: 'app' };
    if (/^(token|bearer)$/i.test(scheme)) {
      const installationId = state.installationTokens.get(token);
      if (installationId !== undefined) return { kind: 'installation', installationId };
      const user = state.userTokens.get(token);
      if (user) return { kind: 'user', ...user };
    }
    return { kind: 'none' };
  };

  /** git's Basic credentials: x-access-token and an installation token that covers the repository. */
  const mayReadGit = (req: IncomingMessage, fullName: string): boolean => {
    const [scheme, encoded = ''] = (req.headers.authorization ?? '').split(' ');
    if (scheme !== 'Basic') return false;
    const [user, token = ''] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    const installation = state.installations.get(state.installationTokens.get(token) ?? -1);
    const repo = [...state.repositories.values()].find((candidate) => candidate.full_name === fullName);
    return user === 'x-access-token' && repo !== undefined && installation?.repositoryIds.includes(repo.id) === true;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks);
      const record: RecordedGithubRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        body: undefined,
        status: 0,
      };
      requests.push(record);
      if (failures.remaining > 0) {
        failures.remaining--;
        record.status = failures.status;
        res.writeHead(failures.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Server Error' }));
        return;
      }

      const git = /^\/([^/]+\/[^/]+)\.git(\/.*)$/.exec(url.pathname);
      if (git) {
        const bare = state.gitRepositories.get(git[1]!);
        if (!bare) record.status = 404;
        else if (!mayReadGit(req, git[1]!)) record.status = 401;
        else {
          record.status = 200;
          serveGitHttpBackend(req, res, raw, bare, git[2]!, url.search.slice(1));
          return;
        }
        res.writeHead(record.status, record.status === 401 ? { 'www-authenticate': 'Basic realm="GitHub"' } : {});
        res.end();
        return;
      }

      let body: Record<string, unknown> = {};
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        } catch {
          body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
        }
      }
      record.body = raw.length > 0 ? body : undefined;
      let reply: Reply = notFound();
      for (const [method, pattern, handler] of routes) {
        const match = pattern.exec(url.pathname);
        if (method !== req.method || !match) continue;
        reply = handler({
          state,
          caller: callerOf(req.headers.authorization),
          params: match.slice(1),
          query: url.searchParams,
          body,
          baseUrl,
          ...FAKE_GITHUB_APP,
        });
        break;
      }
      const [status, json, headers = {}] = reply;
      record.status = status;
      res.writeHead(status, json === undefined ? headers : { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    privateKey,
    state,
    requests,
    /** The adapter's config for this fake: the API and the web (git, OAuth) on the same host. */
    config: { ...FAKE_GITHUB_APP, privateKey, apiUrl: baseUrl, webUrl: baseUrl },
    /** The next `count` requests, whatever they are, answer `status`. */
    failNext(count: number, status = 500) {
      failures = { remaining: count, status };
    },
    addInstallation(installation: FakeInstallation) {
      state.installations.set(installation.id, installation);
    },
    addRepository(repo: FakeRepository, options: { installationId?: number; branches?: Record<string, string> } = {}) {
      state.repositories.set(repo.id, repo);
      if (options.installationId !== undefined) state.installations.get(options.installationId)?.repositoryIds.push(repo.id);
      state.branches.set(repo.full_name, new Map(Object.entries(options.branches ?? {})));
    },
    /** A person signed in to the app: their user token, and their level on the repositories named. */
    addUser(user: { login: string; id: number; token: string }, levels: Record<string, PermissionLevel> = {}) {
      state.userTokens.set(user.token, { login: user.login, id: user.id });
      for (const [fullName, level] of Object.entries(levels)) {
        if (!state.permissions.has(fullName)) state.permissions.set(fullName, new Map());
        state.permissions.get(fullName)!.set(user.login, level);
      }
    },
    addCollaborator(fullName: string, login: string) {
      if (!state.collaborators.has(fullName)) state.collaborators.set(fullName, new Set());
      state.collaborators.get(fullName)!.add(login);
    },
    /** Serves `bareDir` at /{fullName}.git and answers its commits and contributors from it. */
    addGitRepository(fullName: string, bareDir: string) {
      state.gitRepositories.set(fullName, bareDir);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeGithub = Awaited<ReturnType<typeof startFakeGithub>>;
