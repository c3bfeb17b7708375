import type { Deal, DealHistoryEntry } from '#shared/contracts/deal.js';

/**
 * The owner's reason for the revision the finisher is working on: the latest revision request, while
 * no delivery has answered it yet.
 */
export function openRevisionRequest(history: readonly DealHistoryEntry[]): DealHistoryEntry | null {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const entry = history[index]!;
    if (entry.kind === 'delivery') return null;
    if (entry.kind === 'revision_request') return entry;
  }
  return null;
}

/** Nothing is left to do: the work was accepted, or the project was cancelled and settled. */
export const isDealOver = (deal: Deal): boolean => deal.nextStep === null && (deal.status === 'accepted' || deal.status === 'cancelled');
