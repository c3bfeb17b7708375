import { App } from '@octokit/app';
import { Octokit } from '@octokit/core';
import type { HostFailure, HostRepository } from './repository-host.js';

/** The GitHub App Finishline runs as (config.github; docs/decisions/054-repository-hosts.md). */
export interface GithubConfig {
  appId: string;
  privateKey: string;
  webhookSecret: string;
  clientId: string;
  clientSecret: string;
  appSlug: string;
  /** https://api.github.com, or a local fake in tests. */
  apiUrl: string;
  /** https://github.com: where repositories are cloned from and people are sent to install the app. */
  webUrl: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * @octokit/request 10 runs on fetch and ignores a `timeout` option, so the limit is an abort signal:
 * host calls run under a row lock (decision 011) and must not hang there.
 */
const fetchWithTimeout: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
};

export type GithubOctokit = InstanceType<ReturnType<typeof githubOctokitClass>>;

/** Octokit pointed at the configured API, with the timeout; the App builds its installation clients from it. */
export function githubOctokitClass(config: Pick<GithubConfig, 'apiUrl'>) {
  return Octokit.defaults({ baseUrl: config.apiUrl.replace(/\/+$/, ''), userAgent: 'finishline', request: { fetch: fetchWithTimeout } });
}

export function createGithubApp(config: GithubConfig) {
  // No `webhooks` option: deliveries are verified by webhook-events.ts, the path the sandbox shares.
  return new App({
    appId: config.appId,
    privateKey: config.privateKey,
    oauth: { clientId: config.clientId, clientSecret: config.clientSecret },
    Octokit: githubOctokitClass(config),
  });
}

/** The HTTP status of an octokit RequestError (its name is 'HttpError'), else undefined. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof Error && error.name === 'HttpError' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/** 404 → 'gone', 403 → 'no_access'; anything else is rethrown, so the job retries it. */
export function toHostFailure(error: unknown, onNotFound: HostFailure = 'gone'): HostFailure {
  const status = httpStatusOf(error);
  if (status === 404) return onNotFound;
  if (status === 403) return 'no_access';
  throw error;
}

/** Runs a call that may 404, answering null then; other failures are rethrown. */
export async function orNullWhenMissing<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (httpStatusOf(error) === 404) return null;
    throw error;
  }
}

/** GitHub's repository JSON, as far as Finishline reads it. */
export interface GithubRepositoryJson {
  id: number | bigint;
  full_name: string;
  html_url: string;
  clone_url?: string;
  private: boolean;
  default_branch?: string;
  permissions?: { admin?: boolean };
}

export function toHostRepository(repo: GithubRepositoryJson, installationId: number | null, webUrl: string): HostRepository {
  return {
    externalId: String(repo.id),
    fullName: repo.full_name,
    url: repo.html_url,
    cloneUrl: repo.clone_url ?? `${webUrl.replace(/\/+$/, '')}/${repo.full_name}.git`,
    isPrivate: repo.private,
    defaultBranch: repo.default_branch ?? 'main',
    installationId,
  };
}

/** `owner/name` split for a route; a stored full name always has exactly one slash. */
export function ownerAndRepo(fullName: string): { owner: string; repo: string } {
  const [owner = '', repo = ''] = fullName.split('/');
  return { owner, repo };
}

/** The page number of rel="last" in a Link header: with per_page=1 that is the item count. */
export function lastPageOf(link: string | undefined, itemsOnFirstPage: number): number {
  const last = link
    ?.split(',')
    .find((part) => /rel="last"/.test(part))
    ?.match(/[?&]page=(\d+)/);
  return last?.[1] ? Number(last[1]) : itemsOnFirstPage;
}
