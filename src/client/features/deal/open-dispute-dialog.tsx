import { disputeReasonLimits } from '#shared/domain/dispute.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { lengthProblem } from '#client/lib/form-rules.js';
import { useOpenDispute } from '#client/features/disputes/api.js';
import { DisputeClaimForm } from './dispute-claim-form.js';
import { formatCount } from '#shared/domain/counts.js';

const reasonWords = {
  tooShort: `Please write the reason for the dispute in at least ${disputeReasonLimits.min} characters`,
  tooLong: `The reason for the dispute must be at most ${formatCount(disputeReasonLimits.max)} characters`,
};

interface OpenDisputeDialogProps {
  projectId: number;
  heldCents: number;
  viewer: 'owner' | 'finisher';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Open a dispute: why, and what the developer should receive of the held money. */
export function OpenDisputeDialog({ open, onOpenChange, ...props }: OpenDisputeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Open a dispute</DialogTitle>
          <DialogDescription>
            The held money stays held and the deal clock stops while you and the other side agree on an amount, or Finishline’s operator decides.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the prefilled amount. */}
        {open ? <OpenDisputeForm {...props} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function OpenDisputeForm({ projectId, heldCents, viewer, onDone }: Omit<OpenDisputeDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  // The hook goes on to the dispute's page once it is open.
  const openDispute = useOpenDispute(projectId);
  return (
    <DisputeClaimForm
      label="Open a dispute"
      idPrefix="dispute"
      reasonLabel="Reason for the dispute"
      amountLabel="Amount the developer should receive ($)"
      reasonMax={disputeReasonLimits.max}
      reasonProblem={(reason) => lengthProblem(reason, disputeReasonLimits, reasonWords)}
      heldCents={heldCents}
      // The finisher asks for everything held, the owner offers nothing: each side's opening position, to edit.
      startCents={viewer === 'finisher' ? heldCents : 0}
      send={openDispute}
      submitText="Open dispute"
      pendingText="Opening..."
      onDone={onDone}
    />
  );
}
