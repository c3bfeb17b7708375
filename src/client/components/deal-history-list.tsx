import type { DealHistoryEntry } from '#shared/contracts/deal.js';
import type { DealHistoryKind, DealParty } from '#shared/domain/deal.js';
import { formatMoney } from '#shared/domain/money.js';
import { LocalTime } from '#client/components/local-time.js';
import { AttachmentList } from './attachment-list.js';
import { LinkedText } from './linked-text.js';

// The deal's history as both the deal panel and a dispute's record show it.

/** What each entry of the history says happened (worded apart from the toasts, which name the same steps). */
export const historyLabels: Record<DealHistoryKind, string> = {
  payment_held: 'Payment received and held',
  payment_lapsed: 'The accepted bid lapsed unpaid; the project reopened for bids',
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
  change_order_proposed: 'Proposed a change order',
  change_order_accepted: 'Accepted a change order',
  change_order_declined: 'Declined a change order',
  change_order_withdrawn: 'Withdrew a change order',
  change_order_paid: 'Paid a change order',
  repository_access_invited: 'Invited to the repository',
  repository_access_granted: 'Push access to the repository granted',
  repository_access_removed: 'Push access to the repository removed',
  pull_request_closed: 'Pull request closed without merging',
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

export type CriterionText = (criterionId: number) => string | undefined;

/** Every entry, oldest first: what happened, when, who took it, and what they wrote. */
export function DealHistoryList({
  history,
  names,
  label = 'Deal history entries',
  criterionText,
}: {
  history: readonly DealHistoryEntry[];
  names: DealNames;
  label?: string;
  /** The agreed criterion a delivery's evidence is for, by id; without it the evidence is labelled "Evidence". */
  criterionText?: CriterionText;
}) {
  return (
    <ol className="grid gap-3" aria-label={label}>
      {history.map((entry, index) => (
        <HistoryItem key={`${entry.kind}-${entry.at}-${index}`} entry={entry} names={names} criterionText={criterionText} />
      ))}
    </ol>
  );
}

function HistoryItem({ entry, names, criterionText }: { entry: DealHistoryEntry; names: DealNames; criterionText?: CriterionText }) {
  const title = entry.milestoneTitle ? `${historyLabels[entry.kind]}: ${entry.milestoneTitle}` : historyLabels[entry.kind];
  return (
    <li aria-label={title} className="grid min-w-0 gap-1 border-l-2 border-muted pl-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium break-words">{title}</span>
        <LocalTime value={entry.at} className="text-xs text-muted-foreground" />
      </div>
      <p className="text-muted-foreground">
        by {partyName(entry.by, names)}
        {entry.amountCents !== undefined ? ` · ${formatMoney(entry.amountCents, { showCents: true })}` : null}
      </p>
      <UnmetCriteriaList texts={entry.unmetCriteriaTexts} />
      {entry.message ? (
        <p className="rounded-md bg-muted/60 p-2 break-words whitespace-pre-line">
          <LinkedText text={entry.message} />
        </p>
      ) : null}
      {entry.evidence && entry.evidence.length > 0 ? (
        <ul className="grid gap-1" aria-label="Evidence">
          {entry.evidence.map((item) => (
            <li key={item.criterionId} className="rounded-md bg-muted/60 px-2 py-1 break-words">
              <span className="font-medium">{criterionText?.(item.criterionId) ?? 'Evidence'}:</span> <LinkedText text={item.note} />
            </li>
          ))}
        </ul>
      ) : null}
      {entry.files && entry.files.length > 0 ? <AttachmentList attachments={entry.files} label="Delivered files" /> : null}
    </li>
  );
}

/** The agreed criteria a revision request names as not met, each in full (issue 28, item 6). */
export function UnmetCriteriaList({ texts }: { texts: readonly string[] | undefined }) {
  if (!texts?.length) return null;
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <p className="font-medium">{texts.length === 1 ? 'Criterion not met' : 'Criteria not met'}:</p>
      <ul className="grid list-disc gap-1 pl-5" aria-label="Criteria not met">
        {texts.map((text, index) => (
          <li key={`${index}-${text}`} className="break-words">
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
