import type { Deal, DealHistoryEntry } from '#shared/contracts/deal.js';
import type { DealHistoryKind, DealParty } from '#shared/domain/deal.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * 'Mon 30 Nov 2026, 14:05 UTC'. In UTC, as the server's sentences name their days ("until 30 Nov"),
 * so the date beside a sentence never reads a different day; and spelled out by hand, so the page the
 * server renders and the page the browser hydrates read the same, whatever either's time zone or ICU.
 */
export function formatDealDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

/** What each entry of the history says happened (worded apart from the toasts, which name the same steps). */
export const historyLabels: Record<DealHistoryKind, string> = {
  payment_held: 'Payment received and held',
  delivery: 'Work delivered',
  revision_request: 'Sent back for a revision',
  acceptance: 'Work accepted',
  auto_acceptance: 'Work accepted automatically after the review window',
  milestone_delivery: 'Milestone delivered',
  milestone_revision_request: 'Milestone sent back',
  milestone_approval: 'Milestone approved',
  milestone_auto_approval: 'Milestone approved automatically after the review window',
  deadline_passed: 'Delivery deadline passed',
  cancellation_request: 'Asked to cancel the project',
  cancellation_agreed: 'Agreed to the cancellation',
  cancellation_objected: 'Objected to the cancellation',
  cancellation_timed_out: 'Cancellation not answered in time',
  cancelled_before_payment: 'Project cancelled before payment',
  cancelled_after_deadline: 'Project cancelled after the delivery deadline',
  cancelled_after_acceptance: 'Project cancelled after acceptance',
  refund: 'Refunded to the client',
  payout: 'Paid out to the developer',
  dispute_opened: 'Opened a dispute',
  dispute_escalated: "Asked for the operator's ruling",
  dispute_settled: 'Dispute settled',
};

/** The usernames of the deal's two parties; the system is Finishline itself (a timer, a payment). */
export interface DealNames {
  owner: string;
  finisher: string;
}

export function partyName(party: DealParty, names: DealNames): string {
  if (party === 'system') return 'Finishline';
  if (party === 'operator') return "Finishline's operator";
  return names[party];
}

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
