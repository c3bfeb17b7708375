import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type GithubOctokit, httpStatusOf, lastPageOf, ownerAndRepo } from './github-client.js';
import type { HostFailure, RepositoryRef, Snapshot } from './repository-host.js';

const run = promisify(execFile);

/** Blobs above this stay on GitHub: the intake report reads their size, never their bytes. */
const BLOB_LIMIT = '2m';

interface SnapshotInput {
  octokit: GithubOctokit;
  ref: RepositoryRef;
  commit: string;
  signal: AbortSignal;
  webUrl: string;
  dataDir: string;
}

/**
 * A shallow, blob-filtered bare clone of one commit under DATA_DIR/repository-cache. The
 * installation token reaches git through GIT_CONFIG_* variables, never argv (which `ps` shows) nor
 * the remote URL (which git stores); the remote is removed afterwards so no lazy fetch can follow.
 */
export async function openGithubSnapshot(input: SnapshotInput): Promise<Snapshot | HostFailure> {
  const { octokit, ref, commit, signal } = input;
  const names = ownerAndRepo(ref.fullName);

  // The commit first, through the API: a gone repository or a lost installation is an answer, not a clone failure.
  let committedAt: Date | null;
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}', { ...names, ref: commit, request: { signal } });
    committedAt = data.commit.committer?.date ? new Date(data.commit.committer.date) : null;
  } catch (error) {
    const status = httpStatusOf(error);
    if (status === 404) return 'gone';
    if (status === 403) return 'no_access';
    throw error;
  }

  const { token } = (await octokit.auth({ type: 'installation' })) as { token: string };
  const cache = path.join(input.dataDir, 'repository-cache');
  await mkdir(cache, { recursive: true });
  const workDir = await mkdtemp(path.join(cache, `github-${ref.externalId.replace(/\D/g, '')}-`));
  const gitDir = path.join(workDir, 'repo.git');
  const home = path.join(workDir, 'home');
  await mkdir(home);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    // An empty home and no system config: nothing of the server's own git setup (credential helpers, url rewrites) applies.
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'http.extraHeader',
    GIT_CONFIG_VALUE_0: `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`,
  };
  const git = (args: string[]) => run('git', args, { env, signal, maxBuffer: 1024 * 1024 });
  const url = `${input.webUrl.replace(/\/+$/, '')}/${ref.fullName}.git`;

  try {
    await git(['clone', '--quiet', '--bare', '--depth=1', `--filter=blob:limit=${BLOB_LIMIT}`, '--single-branch', '--', url, gitDir]);
    // The default branch may have moved on since the push that asked for this commit: fetch it by id.
    if (!(await hasCommit(gitDir, commit, env))) await git(['-C', gitDir, 'fetch', '--quiet', '--depth=1', 'origin', commit]);
    await git(['-C', gitDir, 'remote', 'remove', 'origin']);
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }

  return {
    gitDir,
    commit,
    async history() {
      // per_page=1: the number of the last page is the number of commits (or contributors).
      const commits = await octokit.request('GET /repos/{owner}/{repo}/commits', { ...names, sha: commit, per_page: 1 });
      const contributors = await octokit.request('GET /repos/{owner}/{repo}/contributors', { ...names, per_page: 1, anon: 'true' });
      // An empty repository answers the contributors call with 204 and no body.
      const contributorsOnFirstPage = Array.isArray(contributors.data) ? contributors.data.length : 0;
      return {
        commits: lastPageOf(commits.headers.link, commits.data.length),
        contributors: lastPageOf(contributors.headers.link, contributorsOnFirstPage),
        lastCommitAt: committedAt,
      };
    },
    async release() {
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

async function hasCommit(gitDir: string, commit: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  try {
    await run('git', ['-C', gitDir, 'cat-file', '-e', `${commit}^{commit}`], { env });
    return true;
  } catch {
    return false;
  }
}
