import { Star, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { Bid } from '#shared/contracts/bids.js';
import type { AcceptanceCriterion } from '#shared/contracts/projects.js';
import { scopeLimits } from '#shared/domain/limits.js';
import { TextPromptDialog } from '#client/components/text-prompt-dialog.js';
import { Button } from '#client/components/ui/button.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { EditBidDialog } from './apply-dialog.js';
import type { BidActions } from './bid-item.js';

const reasonProblem = (text: string) =>
  text.trim().length > scopeLimits.declineReasonMax ? `A reason must be at most ${scopeLimits.declineReasonMax} characters` : undefined;

/** Issue 18, items 7 and 8: Edit and Withdraw for the bid's finisher; Shortlist and Decline for the owner. */
export function BidManageButtons({ bid, actions, criteria }: { bid: Bid; actions: BidActions; criteria: readonly AcceptanceCriterion[] }) {
  const [isDeclining, setDeclining] = useState(false);
  return (
    <>
      {actions.canEdit ? <EditBidDialog bid={bid} criteria={criteria} /> : null}
      {actions.canWithdraw ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={actions.isBusy}>
              Withdraw Bid
            </Button>
          }
          title="Withdraw your bid?"
          description="The project owner is told, the bid can no longer be accepted, and you cannot bid on this project again."
          confirmLabel="Withdraw Bid"
          destructive
          onConfirm={actions.onWithdraw}
        />
      ) : null}
      {actions.canShortlist ? (
        <Button
          variant="outline"
          size="sm"
          disabled={actions.isBusy}
          aria-pressed={Boolean(bid.shortlisted)}
          onClick={() => actions.onShortlist(!bid.shortlisted)}
        >
          <Star aria-hidden="true" /> {bid.shortlisted ? 'Remove from Shortlist' : 'Shortlist'}
        </Button>
      ) : null}
      {actions.canDecline ? (
        <>
          <Button variant="outline" size="sm" disabled={actions.isBusy} onClick={() => setDeclining(true)}>
            <XCircle aria-hidden="true" /> Decline
          </Button>
          <TextPromptDialog
            open={isDeclining}
            onOpenChange={setDeclining}
            title={`Decline ${bid.developerUsername}'s bid?`}
            description="The developer is told; the bid can no longer be accepted. A reason is optional."
            label="Reason (optional)"
            submitLabel="Decline Bid"
            isPending={actions.isBusy}
            problemOf={reasonProblem}
            onSubmit={(reason, { done }) => actions.onDecline(reason, done)}
          />
        </>
      ) : null}
    </>
  );
}
