/** What the local GitHub fake knows; tests seed it directly. Shapes follow GitHub's REST JSON. */

export type PermissionLevel = 'admin' | 'write' | 'read';

export interface FakeRepository {
  id: number;
  full_name: string;
  private: boolean;
  default_branch: string;
  owner: { login: string; id: number; type: 'User' | 'Organization' };
}

export interface FakeInstallation {
  id: number;
  account: { login: string; id: number; type: 'User' | 'Organization' };
  repositoryIds: number[];
}

export interface FakePullRequest {
  number: number;
  title: string;
  state: 'open' | 'closed';
  merged: boolean;
  head: { sha: string; ref: string };
  base: { ref: string };
  commits: number;
  additions: number;
  deletions: number;
  changed_files: number;
  merged_by: { login: string } | null;
  merge_commit_sha: string | null;
  merged_at: string | null;
}

export interface FakePullRequestFile {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
}

export interface FakeCheckRun {
  id: number;
  repository: string;
  head_sha: string;
  name: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  output: { title: string | null; summary: string | null };
  app: { slug: string };
}

export interface FakeStatus {
  repository: string;
  sha: string;
  context: string;
  state: 'error' | 'failure' | 'pending' | 'success';
}

export interface FakeInvitation {
  id: number;
  repository: string;
  login: string;
  permissions: string;
}

export function createFakeGithubState() {
  return {
    installations: new Map<number, FakeInstallation>(),
    repositories: new Map<number, FakeRepository>(),
    /** User tokens (as sent in `Authorization: token …`) to the person they belong to. */
    userTokens: new Map<string, { login: string; id: number }>(),
    /** OAuth codes the fake's authorize step would have handed out, to the user token each exchanges for. */
    oauthCodes: new Map<string, string>(),
    /** full_name → login → level: what the collaborators/{login}/permission endpoint and a user's listing read. */
    permissions: new Map<string, Map<string, PermissionLevel>>(),
    /** full_name → logins with push access. */
    collaborators: new Map<string, Set<string>>(),
    invitations: new Map<number, FakeInvitation>(),
    /** `${full_name}#${number}` keys. */
    pullRequests: new Map<string, FakePullRequest>(),
    pullRequestFiles: new Map<string, FakePullRequestFile[]>(),
    checkRuns: [] as FakeCheckRun[],
    statuses: [] as FakeStatus[],
    /** full_name → branch → head commit. */
    branches: new Map<string, Map<string, string>>(),
    /** full_name → bare fixture repository served over smart HTTP and read for commits. */
    gitRepositories: new Map<string, string>(),
    /** Installation tokens handed out, to their installation. */
    installationTokens: new Map<string, number>(),
    nextId: 1000,
  };
}

export type FakeGithubState = ReturnType<typeof createFakeGithubState>;

export function repositoryJson(state: FakeGithubState, repo: FakeRepository, baseUrl: string, forLogin?: string) {
  const level = forLogin ? state.permissions.get(repo.full_name)?.get(forLogin) : undefined;
  return {
    id: repo.id,
    node_id: `R_${repo.id}`,
    name: repo.full_name.split('/')[1],
    full_name: repo.full_name,
    private: repo.private,
    owner: repo.owner,
    html_url: `${baseUrl}/${repo.full_name}`,
    clone_url: `${baseUrl}/${repo.full_name}.git`,
    url: `${baseUrl}/repos/${repo.full_name}`,
    default_branch: repo.default_branch,
    ...(level ? { permissions: { admin: level === 'admin', maintain: level === 'admin', push: level !== 'read', triage: true, pull: true } } : {}),
  };
}
