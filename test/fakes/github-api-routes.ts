import { randomBytes } from 'node:crypto';
import { type FakeGithubState, type FakeRepository, repositoryJson } from './github-api-state.js';
import { readGitRepository } from './github-git.js';

export type Caller = { kind: 'app' } | { kind: 'installation'; installationId: number } | { kind: 'user'; login: string; id: number } | { kind: 'none' };

export interface RouteContext {
  state: FakeGithubState;
  caller: Caller;
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
  baseUrl: string;
  appId: string;
  clientId: string;
  clientSecret: string;
}

export type Reply = [status: number, body?: unknown, headers?: Record<string, string>];
type Handler = (context: RouteContext) => Reply;

export const notFound = (): Reply => [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }];
const requiresAuth = (): Reply => [401, { message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest' }];

/** A repository the calling installation covers, by owner/name; else null (GitHub answers 404 either way). */
function installedRepository(context: RouteContext, fullName: string): FakeRepository | null {
  if (context.caller.kind !== 'installation') return null;
  const installation = context.state.installations.get(context.caller.installationId);
  const repo = [...context.state.repositories.values()].find((candidate) => candidate.full_name.toLowerCase() === fullName.toLowerCase());
  return repo && installation?.repositoryIds.includes(repo.id) ? repo : null;
}

/** GitHub's pagination: the page asked for, and a Link header naming the next and last pages. */
function paginate<T>(context: RouteContext, path: string, items: T[]): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Number(context.query.get('per_page') ?? 30), 100);
  const page = Number(context.query.get('page') ?? 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const headers: Record<string, string> = {};
  if (items.length > perPage) {
    const link = (n: number) => {
      const query = new URLSearchParams(context.query);
      query.set('page', String(n));
      return `<${context.baseUrl}${path}?${query.toString()}>`;
    };
    const parts = [];
    if (page < last) parts.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
    if (page > 1) parts.push(`${link(1)}; rel="first"`, `${link(page - 1)}; rel="prev"`);
    if (parts.length > 0) headers.link = parts.join(', ');
  }
  return { page: items.slice((page - 1) * perPage, page * perPage), headers };
}

/** Routes under /repos/{owner}/{repo}: the first two params are owner and repo. */
function onRepository(handler: (context: RouteContext, repo: FakeRepository) => Reply): Handler {
  return (context) => {
    if (context.caller.kind === 'none') return requiresAuth();
    const repo = installedRepository(context, `${context.params[0]}/${context.params[1]}`);
    return repo ? handler(context, repo) : notFound();
  };
}

function userInstallations(state: FakeGithubState, login: string) {
  return [...state.installations.values()].filter((installation) =>
    installation.repositoryIds.some((id) => {
      const repo = state.repositories.get(id);
      return repo !== undefined && state.permissions.get(repo.full_name)?.has(login);
    }),
  );
}

const pullKey = (repo: FakeRepository, number: string | undefined) => `${repo.full_name}#${number}`;

export const routes: [method: string, pattern: RegExp, handler: Handler][] = [
  [
    'POST',
    /^\/app\/installations\/(\d+)\/access_tokens$/,
    ({ state, caller, params }) => {
      if (caller.kind !== 'app') return [401, { message: 'A JSON web token could not be decoded' }];
      const installation = state.installations.get(Number(params[0]));
      if (!installation) return notFound();
      const token = `ghs_${randomBytes(18).toString('base64url')}`;
      state.installationTokens.set(token, installation.id);
      return [201, { token, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: { contents: 'read' }, repository_selection: 'selected' }];
    },
  ],
  [
    'POST',
    /^\/login\/oauth\/access_token$/,
    ({ state, body, clientId, clientSecret }) => {
      const token = typeof body.code === 'string' ? state.oauthCodes.get(body.code) : undefined;
      // GitHub answers a bad code with 200 and an error field, not with an error status.
      if (body.client_id !== clientId || body.client_secret !== clientSecret)
        return [
          200,
          {
            error: 'incorrect_client_credentials',
            error_description: 'The client_id and/or client_secret passed are incorrect.',
            error_uri: 'https://docs.github.com',
          },
        ];
      if (!token)
        return [200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.', error_uri: 'https://docs.github.com' }];
      state.oauthCodes.delete(body.code as string);
      return [
        200,
        {
          access_token: token,
          token_type: 'bearer',
          scope: '',
          expires_in: 28_800,
          refresh_token: `ghr_${randomBytes(12).toString('hex')}`,
          refresh_token_expires_in: 15_897_600,
        },
      ];
    },
  ],
  ['GET', /^\/user$/, ({ caller }) => (caller.kind === 'user' ? [200, { login: caller.login, id: caller.id, type: 'User' }] : requiresAuth())],
  [
    'GET',
    /^\/user\/installations$/,
    (context) => {
      if (context.caller.kind !== 'user') return requiresAuth();
      const all = userInstallations(context.state, context.caller.login).map((installation) => ({
        id: installation.id,
        account: installation.account,
        app_slug: 'finishline',
        target_type: installation.account.type,
      }));
      const { page, headers } = paginate(context, '/user/installations', all);
      return [200, { total_count: all.length, installations: page }, headers];
    },
  ],
  [
    'GET',
    /^\/user\/installations\/(\d+)\/repositories$/,
    (context) => {
      const { caller, state, params } = context;
      if (caller.kind !== 'user') return requiresAuth();
      const installation = userInstallations(state, caller.login).find((candidate) => candidate.id === Number(params[0]));
      if (!installation) return notFound();
      const visible = installation.repositoryIds
        .map((id) => state.repositories.get(id))
        .filter((repo): repo is FakeRepository => repo !== undefined && state.permissions.get(repo.full_name)?.has(caller.login) === true);
      const { page, headers } = paginate(context, `/user/installations/${params[0]}/repositories`, visible);
      return [200, { total_count: visible.length, repositories: page.map((repo) => repositoryJson(state, repo, context.baseUrl, caller.login)) }, headers];
    },
  ],
  [
    'GET',
    /^\/repositories\/(\d+)$/,
    (context) => {
      const repo = context.state.repositories.get(Number(context.params[0]));
      const covered = repo && installedRepository(context, repo.full_name);
      return covered ? [200, repositoryJson(context.state, covered, context.baseUrl)] : notFound();
    },
  ],
  ['GET', /^\/repos\/([^/]+)\/([^/]+)$/, onRepository((context, repo) => [200, repositoryJson(context.state, repo, context.baseUrl)])],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/collaborators\/([^/]+)\/permission$/,
    onRepository(({ state, params }, repo) => {
      const level = state.permissions.get(repo.full_name)?.get(params[2]!) ?? 'none';
      return [200, { permission: level, role_name: level, user: { login: params[2] } }];
    }),
  ],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/branches\/(.+)$/,
    onRepository(({ state, params }, repo) => {
      const sha = state.branches.get(repo.full_name)?.get(decodeURIComponent(params[2]!));
      return sha
        ? [200, { name: params[2], commit: { sha }, protected: false }]
        : [404, { message: 'Branch not found', documentation_url: 'https://docs.github.com/rest' }];
    }),
  ],
  [
    'PUT',
    /^\/repos\/([^/]+)\/([^/]+)\/collaborators\/([^/]+)$/,
    onRepository(({ state, params, body }, repo) => {
      const login = params[2]!;
      if (state.collaborators.get(repo.full_name)?.has(login)) return [204];
      const permissions = typeof body.permission === 'string' ? body.permission : 'push';
      const pending = [...state.invitations.values()].find((invitation) => invitation.repository === repo.full_name && invitation.login === login);
      const invitation = pending ?? { id: state.nextId++, repository: repo.full_name, login, permissions };
      state.invitations.set(invitation.id, invitation);
      return [201, { id: invitation.id, permissions: invitation.permissions, invitee: { login }, repository: { id: repo.id, full_name: repo.full_name } }];
    }),
  ],
  [
    'DELETE',
    /^\/repos\/([^/]+)\/([^/]+)\/collaborators\/([^/]+)$/,
    onRepository(({ state, params }, repo) => (state.collaborators.get(repo.full_name)?.delete(params[2]!) ? [204] : notFound())),
  ],
  [
    'DELETE',
    /^\/repos\/([^/]+)\/([^/]+)\/invitations\/(\d+)$/,
    onRepository(({ state, params }, repo) => {
      const invitation = state.invitations.get(Number(params[2]));
      if (invitation?.repository !== repo.full_name) return notFound();
      state.invitations.delete(invitation.id);
      return [204];
    }),
  ],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/,
    onRepository(({ state, params }, repo) => {
      const pull = state.pullRequests.get(pullKey(repo, params[2]));
      return pull ? [200, { ...pull, id: Number(params[2]), base: { ...pull.base, repo: { id: repo.id } } }] : notFound();
    }),
  ],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)\/files$/,
    onRepository((context, repo) => {
      if (!context.state.pullRequests.has(pullKey(repo, context.params[2]))) return notFound();
      const { page, headers } = paginate(
        context,
        `/repos/${repo.full_name}/pulls/${context.params[2]}/files`,
        context.state.pullRequestFiles.get(pullKey(repo, context.params[2])) ?? [],
      );
      return [200, page, headers];
    }),
  ],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/check-runs$/,
    onRepository(({ state, params }, repo) => {
      const runs = state.checkRuns.filter((run) => run.repository === repo.full_name && run.head_sha === params[2]);
      return [200, { total_count: runs.length, check_runs: runs.map(({ repository: _repository, ...run }) => run) }];
    }),
  ],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/status$/,
    onRepository(({ state, params }, repo) => {
      const statuses = state.statuses.filter((status) => status.repository === repo.full_name && status.sha === params[2]);
      const combined = statuses.some((status) => status.state === 'failure' || status.state === 'error')
        ? 'failure'
        : statuses.every((status) => status.state === 'success') && statuses.length > 0
          ? 'success'
          : 'pending';
      return [
        200,
        { state: combined, sha: params[2], total_count: statuses.length, statuses: statuses.map(({ context, state: s }) => ({ context, state: s })) },
      ];
    }),
  ],
  [
    'POST',
    /^\/repos\/([^/]+)\/([^/]+)\/check-runs$/,
    onRepository(({ state, body }, repo) => {
      const output = (body.output ?? {}) as { title?: string; summary?: string };
      const run = {
        id: state.nextId++,
        repository: repo.full_name,
        head_sha: String(body.head_sha),
        name: String(body.name),
        status: (body.status ?? 'queued') as 'queued',
        conclusion: (body.conclusion as string | undefined) ?? null,
        output: { title: output.title ?? null, summary: output.summary ?? null },
        app: { slug: 'finishline' },
      };
      state.checkRuns.push(run);
      return [201, run];
    }),
  ],
  [
    'PATCH',
    /^\/repos\/([^/]+)\/([^/]+)\/check-runs\/(\d+)$/,
    onRepository(({ state, params, body }, repo) => {
      const run = state.checkRuns.find((candidate) => candidate.id === Number(params[2]) && candidate.repository === repo.full_name);
      if (!run) return notFound();
      if (body.status) run.status = body.status as 'completed';
      if (typeof body.conclusion === 'string') run.conclusion = body.conclusion;
      if (body.output) Object.assign(run.output, body.output);
      return [200, run];
    }),
  ],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)$/,
    onRepository(({ state, params }, repo) => {
      const bare = state.gitRepositories.get(repo.full_name);
      const date = bare ? readGitRepository(bare).committerDate(params[2]!) : null;
      return date ? [200, { sha: params[2], commit: { committer: { date }, message: '' } }] : [422, { message: `No commit found for SHA: ${params[2]}` }];
    }),
  ],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/commits$/,
    onRepository((context, repo) => {
      const bare = context.state.gitRepositories.get(repo.full_name);
      const shas = bare ? readGitRepository(bare).commitsFrom(context.query.get('sha') ?? repo.default_branch) : [];
      if (shas === null) return notFound();
      const { page, headers } = paginate(context, `/repos/${repo.full_name}/commits`, shas);
      return [200, page.map((sha) => ({ sha })), headers];
    }),
  ],
  [
    'GET',
    /^\/repos\/([^/]+)\/([^/]+)\/contributors$/,
    onRepository((context, repo) => {
      const bare = context.state.gitRepositories.get(repo.full_name);
      const emails = bare ? readGitRepository(bare).contributors(repo.default_branch) : [];
      if (emails.length === 0) return [204];
      const { page, headers } = paginate(context, `/repos/${repo.full_name}/contributors`, emails);
      return [200, page.map((email) => ({ email, type: 'Anonymous', contributions: 1 })), headers];
    }),
  ],
];
