import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './repository-host.js';
import { signGithubPayload, toRepositoryEvent, verifyGithubSignature } from './webhook-events.js';

// Payloads trimmed from the examples in GitHub's "Webhook events and payloads" documentation.
const repository = {
  id: 186853002,
  node_id: 'MDEwOlJlcG9zaXRvcnkxODY4NTMwMDI=',
  name: 'Hello-World',
  full_name: 'Codertocat/Hello-World',
  private: false,
  default_branch: 'main',
  owner: { login: 'Codertocat', id: 21031067, type: 'User' },
};

describe('the GitHub webhook signature', () => {
  const secret = "It's a Secret to Everybody";
  const body = 'Hello, World!';

  it('signs like GitHub documents it, and verifies its own signature', async () => {
    // The example in GitHub's "Validating webhook deliveries".
    const signature = await signGithubPayload(secret, body);
    expect(signature).toBe('sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17');
    await expect(verifyGithubSignature(secret, Buffer.from(body), signature)).resolves.toBeUndefined();
  });

  it('refuses a forged, a malformed and a missing signature, and an empty body', async () => {
    const forged = await signGithubPayload('another secret', body);
    for (const header of [forged, 'sha1=abc', 'sha256=', undefined, '']) {
      await expect(verifyGithubSignature(secret, Buffer.from(body), header)).rejects.toThrow(WebhookSignatureError);
    }
    await expect(verifyGithubSignature(secret, Buffer.from(body + ' '), await signGithubPayload(secret, body))).rejects.toThrow(WebhookSignatureError);
    await expect(verifyGithubSignature(secret, Buffer.alloc(0), await signGithubPayload(secret, 'x'))).rejects.toThrow(WebhookSignatureError);
  });
});

describe('reading GitHub events', () => {
  it('reads a push', () => {
    const payload = {
      ref: 'refs/heads/main',
      before: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
      after: '0000000000000000000000000000000000000001',
      repository,
      pusher: { name: 'Codertocat' },
      commits: [],
    };
    expect(toRepositoryEvent('push', 'd-1', payload)).toEqual({
      delivery: 'd-1',
      type: 'push',
      repositoryId: '186853002',
      ref: 'refs/heads/main',
      after: '0000000000000000000000000000000000000001',
      defaultBranch: 'main',
    });
  });

  it('reads a merged pull request, and an open one', () => {
    const pullRequest = {
      number: 2,
      state: 'closed',
      merged: true,
      merged_by: { login: 'octocat', id: 1 },
      merge_commit_sha: 'c4295bd74fb0f4d7e1b2ed9b0f7f2f6b7e0e0001',
      head: { ref: 'changes', sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821' },
      base: { ref: 'main' },
    };
    expect(toRepositoryEvent('pull_request', 'd-2', { action: 'closed', number: 2, pull_request: pullRequest, repository })).toEqual({
      delivery: 'd-2',
      type: 'pull_request',
      repositoryId: '186853002',
      action: 'closed',
      number: 2,
      merged: true,
      mergedBy: 'octocat',
      mergeCommitSha: 'c4295bd74fb0f4d7e1b2ed9b0f7f2f6b7e0e0001',
      headSha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
    });
    const open = { ...pullRequest, state: 'open', merged: false, merged_by: null, merge_commit_sha: null };
    expect(toRepositoryEvent('pull_request', 'd-3', { action: 'opened', number: 2, pull_request: open, repository })).toMatchObject({
      merged: false,
      mergedBy: null,
      mergeCommitSha: null,
    });
  });

  it('reads installations and the repositories added to one', () => {
    const installation = { id: 2, account: { login: 'octocat', id: 1, type: 'Organization' }, repository_selection: 'selected' };
    expect(
      toRepositoryEvent('installation', 'd-4', {
        action: 'created',
        installation,
        repositories: [{ id: 1296269, full_name: 'octocat/Hello-World' }],
        sender: {},
      }),
    ).toEqual({
      delivery: 'd-4',
      type: 'installation',
      action: 'created',
      installationId: 2,
      accountLogin: 'octocat',
      accountType: 'Organization',
      repositoryIds: ['1296269'],
    });
    const added = toRepositoryEvent('installation_repositories', 'd-5', {
      action: 'added',
      installation,
      repositories_added: [{ id: 7 }, { id: 8 }],
      repositories_removed: [],
    });
    expect(added).toMatchObject({ type: 'installation', action: 'added', repositoryIds: ['7', '8'] });
    expect(toRepositoryEvent('installation', 'd-6', { action: 'deleted', installation })).toMatchObject({ type: 'installation', repositoryIds: [] });
  });

  it('reads a collaborator added, and a repository renamed', () => {
    expect(
      toRepositoryEvent('member', 'd-7', { action: 'added', member: { login: 'devon', id: 9 }, changes: { permission: { to: 'write' } }, repository }),
    ).toEqual({
      delivery: 'd-7',
      type: 'member',
      repositoryId: '186853002',
      action: 'added',
      login: 'devon',
    });
    expect(toRepositoryEvent('repository', 'd-8', { action: 'renamed', changes: { repository: { name: { from: 'old' } } }, repository })).toEqual({
      delivery: 'd-8',
      type: 'repository',
      repositoryId: '186853002',
      action: 'renamed',
      fullName: 'Codertocat/Hello-World',
    });
  });

  it('reads check runs, check suites and statuses as checks on a head commit', () => {
    const sha = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
    expect(
      toRepositoryEvent('check_run', 'd-9', {
        action: 'completed',
        check_run: { id: 128620228, head_sha: sha, status: 'completed', conclusion: 'success' },
        repository,
      }),
    ).toEqual({
      delivery: 'd-9',
      type: 'checks',
      repositoryId: '186853002',
      headSha: sha,
    });
    expect(toRepositoryEvent('check_suite', 'd-10', { action: 'completed', check_suite: { id: 118578147, head_sha: sha }, repository })).toMatchObject({
      type: 'checks',
      headSha: sha,
    });
    expect(toRepositoryEvent('status', 'd-11', { id: 6805126730, sha, state: 'success', context: 'ci', repository })).toMatchObject({
      type: 'checks',
      headSha: sha,
    });
  });

  it('calls anything else, or a payload without the needed fields, other, and never throws', () => {
    expect(toRepositoryEvent('star', 'd-12', { action: 'created', repository })).toEqual({ delivery: 'd-12', type: 'other', name: 'star' });
    expect(toRepositoryEvent('push', 'd-13', { ref: 'refs/heads/main' })).toEqual({ delivery: 'd-13', type: 'other', name: 'push' });
    expect(toRepositoryEvent('pull_request', 'd-14', null)).toMatchObject({ type: 'other' });
    expect(toRepositoryEvent('member', 'd-15', 'text')).toMatchObject({ type: 'other' });
    expect(toRepositoryEvent('toString', 'd-16', {})).toMatchObject({ type: 'other', name: 'toString' });
  });
});
