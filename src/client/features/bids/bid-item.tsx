import { CalendarDays, Clock, DollarSign, EyeOff, MessageSquare, RotateCcw, Star } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { Bid } from '#shared/contracts/bids.js';
import type { AcceptanceCriterion } from '#shared/contracts/projects.js';
import type { DealStage } from '#shared/domain/deal-machine.js';
import { formatMoney } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { formatDays } from '#client/lib/format.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { BidStatusBadge } from '#client/components/badges.js';
import { Badge } from '#client/components/ui/badge.js';
import { BidManageButtons } from './bid-manage-buttons.js';
import { BidAnswers, FinisherAvatar, FinisherRecordLine } from './bid-record.js';

/** Spec section 5: a bid message equal to 'yes' is hidden in display. */
export function displayedProposal(bid: Pick<Bid, 'message' | 'proposal'>): string | null {
  const text = (bid.proposal ?? bid.message ?? '').trim();
  return text && text.toLowerCase() !== 'yes' ? text : null;
}

/** '2 revisions included', '1 revision included', 'No revisions included'. */
function includedRevisionsText(count: number): string {
  if (count === 0) return 'No revisions included';
  return `${count} ${count === 1 ? 'revision' : 'revisions'} included`;
}

export interface BidActions {
  canChat: boolean;
  /** Starts the bid's conversation (POST /api/bids/{bidId}/conversations) and opens it. */
  onChat: () => void;
  isStartingChat: boolean;
  canAccept: boolean;
  isAccepting: boolean;
  onAccept: () => void;
  /** Where 'Proceed to Payment' goes, or null when the button is not shown. */
  paymentHref: string | null;
  /** Issue 18: the bid's finisher edits or withdraws it; the owner shortlists or declines it. */
  canEdit: boolean;
  canWithdraw: boolean;
  onWithdraw: () => void;
  canShortlist: boolean;
  onShortlist: (shortlisted: boolean) => void;
  canDecline: boolean;
  onDecline: (reason: string, done: () => void) => void;
  isBusy: boolean;
}

/** A plain click starts the conversation instead of following the link; a modified click (new tab) still opens /messages. */
function startChat(event: MouseEvent<HTMLAnchorElement>, actions: BidActions) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
  event.preventDefault();
  if (!actions.isStartingChat) actions.onChat();
}

/** dealStage: the deal's stage, on the winning bid for the deal's two parties (its badge names it). */
export function BidItem({
  bid,
  actions,
  criteria,
  dealStage,
}: {
  bid: Bid;
  actions: BidActions;
  criteria: readonly AcceptanceCriterion[];
  dealStage?: DealStage | null;
}) {
  const proposal = displayedProposal(bid);
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border p-4" aria-label={`Bid from ${bid.developerUsername}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <FinisherAvatar bid={bid} />
          <div className="grid min-w-0 gap-0.5">
            <span className="font-semibold [overflow-wrap:anywhere]">{bid.developerUsername}</span>
            <Link to={`/developers/${bid.developerUsername}`} className="text-sm text-primary underline-offset-4 hover:underline">
              View developer profile
            </Link>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {bid.shortlisted ? (
            <Badge variant="info">
              <Star aria-hidden="true" className="size-3" /> Shortlisted
            </Badge>
          ) : null}
          <BidStatusBadge status={bid.status} dealStage={dealStage} />
        </div>
      </div>
      {bid.finisherRecord ? <FinisherRecordLine record={bid.finisherRecord} /> : null}

      {bid.detailsHidden ? (
        <div className="flex items-start gap-2 rounded-md bg-muted/60 p-3 text-sm">
          <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <div className="grid gap-1">
            <p className="font-medium">Bid details hidden</p>
            <p className="text-muted-foreground">Bid details are only visible to the project owner and the developer who created this bid.</p>
            <p className="text-muted-foreground">
              Submitted <RelativeDate value={bid.createdAt} />
            </p>
          </div>
        </div>
      ) : (
        <>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex items-center gap-1.5">
              <DollarSign aria-hidden="true" className="size-4 text-muted-foreground" />
              <dt className="sr-only">Amount</dt>
              <dd className="font-semibold">{formatMoney(bid.amountCents ?? 0)}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
              <dt className="sr-only">Timeline</dt>
              <dd>{formatDays(bid.timeline)}</dd>
            </div>
            {bid.effectiveIncludedRevisions !== undefined ? (
              <div className="flex items-center gap-1.5">
                <RotateCcw aria-hidden="true" className="size-4 text-muted-foreground" />
                <dt className="sr-only">Included revisions</dt>
                <dd data-testid="bid-included-revisions">{includedRevisionsText(bid.effectiveIncludedRevisions)}</dd>
              </div>
            ) : null}
            <div className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4 text-muted-foreground" />
              <dt className="sr-only">Submitted</dt>
              <dd className="text-muted-foreground">
                <RelativeDate value={bid.createdAt} />
              </dd>
            </div>
          </dl>
          {proposal ? <p className="text-sm whitespace-pre-line text-muted-foreground">{proposal}</p> : null}
          <BidAnswers bid={bid} criteria={criteria} />
          {bid.status === 'declined' && bid.declineReason ? <p className="text-sm">Declined: {bid.declineReason}</p> : null}
        </>
      )}

      {actions.canChat || actions.canAccept || actions.paymentHref || actions.canEdit || actions.canShortlist || actions.canDecline ? (
        <div className="flex flex-wrap gap-2">
          {actions.canChat ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/messages" onClick={(event) => startChat(event, actions)} aria-disabled={actions.isStartingChat || undefined}>
                <MessageSquare aria-hidden="true" /> Chat
              </Link>
            </Button>
          ) : null}
          {actions.canAccept ? (
            <ConfirmDialog
              trigger={
                <Button size="sm" disabled={actions.isAccepting}>
                  {actions.isAccepting ? 'Accepting...' : 'Accept Bid'}
                </Button>
              }
              title={`Accept ${bid.developerUsername}'s bid?`}
              description={`${bid.developerUsername} will finish the project for ${formatMoney(bid.amountCents ?? 0)}, which you pay next through checkout. Every other pending bid on this project is rejected, and this cannot be undone.`}
              confirmLabel="Accept Bid"
              onConfirm={actions.onAccept}
            />
          ) : null}
          {actions.paymentHref ? (
            <Button asChild size="sm">
              <Link to={actions.paymentHref}>Proceed to Payment</Link>
            </Button>
          ) : null}
          <BidManageButtons bid={bid} actions={actions} criteria={criteria} />
        </div>
      ) : null}
    </li>
  );
}
