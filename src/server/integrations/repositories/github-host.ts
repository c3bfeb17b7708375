import {
  createGithubApp,
  type GithubConfig,
  type GithubOctokit,
  type GithubRepositoryJson,
  githubOctokitClass,
  httpStatusOf,
  orNullWhenMissing,
  ownerAndRepo,
  toHostFailure,
  toHostRepository,
} from './github-client.js';
import { readPullRequest } from './github-pull-requests.js';
import { openGithubSnapshot } from './github-snapshot.js';
import { type HostFailure, type HostRepository, type HostUser, type RepositoryHost, type RepositoryRef, WebhookSignatureError } from './repository-host.js';
import { toRepositoryEvent, verifyGithubSignature } from './webhook-events.js';

export type { GithubConfig } from './github-client.js';

const PER_PAGE = 100;
// A person with more than 1,000 installations or repositories per installation is not one we serve.
const MAX_PAGES = 10;

/**
 * The GitHub App adapter (docs/decisions/054-repository-hosts.md). What a person may connect is read
 * with their own token; everything else runs on the installation's token, which @octokit/auth-app
 * mints from the app's JWT and caches until shortly before it expires.
 */
export function createGithubHost(config: GithubConfig, deps: { dataDir: string }): RepositoryHost {
  const app = createGithubApp(config);
  const UserOctokit = githubOctokitClass(config);

  /** The installation's client with its token in hand: an uninstalled app reads as no access, not as a gone repository. */
  async function installation(installationId: number | null): Promise<GithubOctokit | HostFailure> {
    if (installationId === null) return 'no_access';
    const octokit = await app.getInstallationOctokit(installationId);
    try {
      await octokit.auth({ type: 'installation' });
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 404 || status === 403 || status === 401) return 'no_access';
      throw error;
    }
    return octokit;
  }

  async function requireInstallation(repo: RepositoryRef): Promise<GithubOctokit> {
    const octokit = await installation(repo.installationId);
    if (typeof octokit === 'string') throw new Error(`Finishline's GitHub App cannot reach ${repo.fullName} (${octokit})`);
    return octokit;
  }

  /** Every repository the person can see through an installation of the app, admin or not. */
  async function userRepositories(token: string): Promise<{ repo: HostRepository; isAdmin: boolean }[]> {
    const octokit = new UserOctokit({ auth: token });
    const installations = await paginate(async (page) => (await octokit.request('GET /user/installations', { per_page: PER_PAGE, page })).data.installations);
    const found: { repo: HostRepository; isAdmin: boolean }[] = [];
    for (const { id } of installations) {
      const repositories = await paginate(
        async (page) =>
          (await octokit.request('GET /user/installations/{installation_id}/repositories', { installation_id: id, per_page: PER_PAGE, page })).data
            .repositories,
      );
      for (const repo of repositories) found.push({ repo: toHostRepository(repo, id, config.webUrl), isAdmin: repo.permissions?.admin === true });
    }
    return found;
  }

  return {
    provider: 'github',
    webhookProvider: 'github',

    async listConnectable(user) {
      if (!user.github?.token) return [];
      return (await userRepositories(user.github.token)).filter((found) => found.isAdmin).map((found) => found.repo);
    },

    async verifyAdmin(user, externalId) {
      const github = user.github;
      if (!github?.token) return null;
      const repo = (await userRepositories(github.token)).find((found) => found.repo.externalId === externalId)?.repo;
      if (!repo) return null;
      // The user's listing is their word through their token; the installation's answer is the one we trust.
      const octokit = await installation(repo.installationId);
      if (typeof octokit === 'string') return null;
      const permission = await orNullWhenMissing(
        async () =>
          (await octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', { ...ownerAndRepo(repo.fullName), username: github.login }))
            .data,
      );
      return permission?.permission === 'admin' ? repo : null;
    },

    async getRepository(ref) {
      const octokit = await installation(ref.installationId);
      if (typeof octokit === 'string') return octokit;
      try {
        // By id, not by name: a renamed repository is still the one connected. (Octokit's route types omit
        // this long-standing, undocumented endpoint, hence the annotation.)
        const { data } = (await octokit.request('GET /repositories/{repository_id}', { repository_id: Number(ref.externalId) })) as {
          data: GithubRepositoryJson;
        };
        return toHostRepository(data, ref.installationId, config.webUrl);
      } catch (error) {
        return toHostFailure(error);
      }
    },

    async resolveBranch(ref, branch) {
      const octokit = await installation(ref.installationId);
      if (typeof octokit === 'string') return octokit;
      try {
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/branches/{branch}', { ...ownerAndRepo(ref.fullName), branch });
        return { sha: data.commit.sha };
      } catch (error) {
        return toHostFailure(error, 'no_branch');
      }
    },

    async openSnapshot(ref, commit, signal) {
      const octokit = await installation(ref.installationId);
      if (typeof octokit === 'string') return octokit;
      return openGithubSnapshot({ octokit, ref, commit, signal, webUrl: config.webUrl, dataDir: deps.dataDir });
    },

    async grantPush(ref, finisher) {
      const login = requireLogin(finisher);
      const octokit = await requireInstallation(ref);
      const response = await octokit.request('PUT /repos/{owner}/{repo}/collaborators/{username}', {
        ...ownerAndRepo(ref.fullName),
        username: login,
        permission: 'push',
      });
      // 201: an invitation was created (or a pending one answered again); 204: already a collaborator.
      if (response.status === 201 && response.data) return { status: 'invited', invitationId: String(response.data.id) };
      return { status: 'granted' };
    },

    async revokePush(ref, finisher, invitationId) {
      const octokit = await requireInstallation(ref);
      const names = ownerAndRepo(ref.fullName);
      let withdrewInvitation = false;
      if (invitationId !== null) {
        const deleted = await orNullWhenMissing(() =>
          octokit.request('DELETE /repos/{owner}/{repo}/invitations/{invitation_id}', { ...names, invitation_id: Number(invitationId) }),
        );
        withdrewInvitation = deleted !== null;
      }
      // A 404 (never a collaborator, or already removed) counts as done: the step is idempotent.
      if (finisher.github)
        await orNullWhenMissing(() => octokit.request('DELETE /repos/{owner}/{repo}/collaborators/{username}', { ...names, username: finisher.github!.login }));
      return { withdrewInvitation };
    },

    async getPullRequest(ref, number) {
      return readPullRequest(await requireInstallation(ref), ref, number, config.appSlug);
    },

    async postCheck(ref, check) {
      const octokit = await requireInstallation(ref);
      const names = ownerAndRepo(ref.fullName);
      const output = { title: check.title, summary: check.summary };
      // Without a conclusion the check stays in progress: the owner's review is still to come.
      const state = check.conclusion ? { status: 'completed' as const, conclusion: check.conclusion } : { status: 'in_progress' as const };
      if (check.existingId !== null) {
        const updated = await orNullWhenMissing(() =>
          octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', { ...names, check_run_id: Number(check.existingId), ...state, output }),
        );
        if (updated) return { id: String(updated.data.id) };
      }
      const { data } = await octokit.request('POST /repos/{owner}/{repo}/check-runs', {
        ...names,
        name: 'Finishline',
        head_sha: check.headSha,
        ...state,
        output,
      });
      return { id: String(data.id) };
    },

    async verifyWebhook(rawBody, headers) {
      if (!headers.delivery || !headers.event) throw new WebhookSignatureError('The delivery has no X-GitHub-Delivery or X-GitHub-Event header');
      await verifyGithubSignature(config.webhookSecret, rawBody, headers.signature);
      return toRepositoryEvent(headers.event, headers.delivery, parseJson(rawBody));
    },
  };
}

function requireLogin(user: HostUser): string {
  if (!user.github) throw new Error(`${user.username} has not linked a GitHub account`);
  return user.github.login;
}

async function paginate<T>(fetchPage: (page: number) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const items = await fetchPage(page);
    all.push(...items);
    if (items.length < PER_PAGE) break;
  }
  return all;
}

/** A signed body that is not JSON reads as an event without fields ('other'), not as a failure. */
function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}
