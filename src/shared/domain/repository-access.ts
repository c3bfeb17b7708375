import type { DealStage } from './deal-machine.js';
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

/** The deal stages in which the paid finisher works on the code, and those that end the deal. */
const workingStages = new Set<DealStage>([
  'in_progress',
  'revision_requested',
  'delivered',
  'cancellation_requested',
  'cancellation_objected',
  'dispute_awaiting_response',
  'dispute_negotiating',
  'dispute_with_operator',
]);
const endedStages = new Set<DealStage>(['completed', 'cancelled', 'money_settled']);

/**
 * What push access the deal calls for now: granted once the accepted bid is paid and while the deal
 * runs (a dispute included: the code may still be argued over), removed when it has ended, none
 * before payment or when the owner opted out. The sync job moves the row only forward toward it.
 */
export function repositoryAccessWanted(stage: DealStage, options: { isOptedOut: boolean }): 'granted' | 'removed' | 'none' {
  if (endedStages.has(stage)) return 'removed';
  if (options.isOptedOut) return 'none';
  return workingStages.has(stage) ? 'granted' : 'none';
}

/** The next status of a finisher's access row, or null when it stays: forward only, and removed is final. */
export function nextAccessStatus(current: RepositoryAccessStatus, wanted: 'granted' | 'removed' | 'none'): 'grant' | 'remove' | null {
  if (current === 'removed') return null;
  if (wanted === 'granted' && current === 'none') return 'grant';
  if (wanted === 'removed' && (current === 'invited' || current === 'granted')) return 'remove';
  // Ended before access was ever given: nothing to take back, but nothing will be given either.
  return null;
}
