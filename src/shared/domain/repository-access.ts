/**
 * Push access to a deal's connected repository (issue 29, docs/decisions/056): granted when the
 * accepted bid is paid, removed when the deal ends. Statuses only move forward; `removed` is final.
 */
export const repositoryAccessStatuses = ['none', 'invited', 'granted', 'removed'] as const;
export type RepositoryAccessStatus = (typeof repositoryAccessStatuses)[number];

export const pullRequestStates = ['open', 'closed', 'merged'] as const;
export type PullRequestState = (typeof pullRequestStates)[number];

export const checkStates = ['pending', 'success', 'failure', 'neutral'] as const;
export type CheckState = (typeof checkStates)[number];
