import { emptyBodySchema } from './empty-body.js';
import { defineEndpoints } from './endpoint.js';
import {
  createSandboxPullBodySchema,
  createSandboxRepositoryBodySchema,
  sandboxCheckSchema,
  sandboxGitTokenSchema,
  sandboxMergeSchema,
  sandboxPullNumberSchema,
  sandboxPullParamsSchema,
  sandboxRepositoryParamsSchema,
  sandboxRepositorySchema,
  setSandboxCheckBodySchema,
} from './sandbox-git.schemas.js';

export type * from './sandbox-git.schemas.js';

/**
 * The built-in git host (docs/decisions/054-repository-hosts.md): repositories served over git's
 * smart HTTP at /git/{owner}/{name}.git, personal tokens for git, and pull requests with checks and
 * merges, for a machine without a GitHub App. Mounted only when the sandbox host runs.
 */
export const sandboxGitEndpoints = defineEndpoints('sandbox', {
  createRepository: {
    method: 'POST',
    path: '/api/sandbox/git/repositories',
    summary: 'Create a repository on the sandbox git host',
    description: 'Answers its clone URL; the caller owns it. A private repository is readable only by its owner and a finisher granted access on a deal.',
    body: createSandboxRepositoryBodySchema,
    status: 201,
    response: sandboxRepositorySchema,
    errors: ['CONFLICT'],
  },
  createToken: {
    method: 'POST',
    path: '/api/sandbox/git/tokens',
    summary: 'Create a personal token for git over HTTP on the sandbox host',
    description: 'The token is shown once; git sends it as the password, with the username, in Basic authentication.',
    body: emptyBodySchema,
    status: 201,
    response: sandboxGitTokenSchema,
    errors: [],
  },
  createPull: {
    method: 'POST',
    path: '/api/sandbox/git/repositories/:id/pulls',
    summary: 'Open a pull request on a sandbox repository (anyone who may push)',
    params: sandboxRepositoryParamsSchema,
    body: createSandboxPullBodySchema,
    status: 201,
    response: sandboxPullNumberSchema,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
  mergePull: {
    method: 'POST',
    path: '/api/sandbox/git/repositories/:id/pulls/:number/merge',
    summary: "Merge a sandbox pull request (the repository's owner)",
    description: 'A merge commit with two parents, made without a work tree; a conflict answers 409 and leaves the base branch as it was.',
    params: sandboxPullParamsSchema,
    body: emptyBodySchema,
    response: sandboxMergeSchema,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  },
  setCheck: {
    method: 'POST',
    path: '/api/sandbox/git/repositories/:id/pulls/:number/checks',
    summary: "Set a check's state on a sandbox pull request's head (the repository's owner, as a CI would)",
    params: sandboxPullParamsSchema,
    body: setSandboxCheckBodySchema,
    response: sandboxCheckSchema,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
});
