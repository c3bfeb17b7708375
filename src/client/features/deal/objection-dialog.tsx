import type { DealCancellation } from '#shared/contracts/deal.js';
import { dealReasonLimits } from '#shared/domain/deal.js';
import { objectionClaimText } from '#shared/domain/dispute-silence.js';
import { reasonProblem } from '#client/components/reason-dialog.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import type { DealNames } from '#client/components/deal-history-list.js';
import { useObjectToCancellation } from './api.js';
import { DisputeClaimForm } from './dispute-claim-form.js';

interface ObjectionDialogProps {
  projectId: number;
  cancellation: DealCancellation;
  /** What is held (the deal's money view): the most the finisher may ask for, and the ask it starts from. */
  heldCents: number;
  names: DealNames;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The finisher objects to a cancellation: a reason and the amount asked. The objection opens a
 * dispute over the held money, and the owner's silence settles it at the ask (issue 28, item 4):
 * the dialog says so, with the date, in the words of the cancellation card.
 */
export function ObjectionDialog({ open, onOpenChange, ...props }: ObjectionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Object to the cancellation</DialogTitle>
          <DialogDescription>
            Tell {props.names.owner} and Finishline why the project should not be cancelled, and how much of the held money you ask for. Your objection opens a
            dispute over it.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from what is held. */}
        {open ? <ObjectionForm {...props} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ObjectionForm({ projectId, cancellation, heldCents, names, onDone }: Omit<ObjectionDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const object = useObjectToCancellation(projectId);
  const respondBy = cancellation.objectionRespondBy;
  return (
    <DisputeClaimForm
      label="Object to the cancellation"
      idPrefix="objection"
      reasonLabel="Reason for the objection"
      amountLabel="Amount you ask for ($)"
      reasonMax={dealReasonLimits.max}
      reasonProblem={(reason) => reasonProblem('objection', reason)}
      heldCents={heldCents}
      startCents={heldCents}
      consequence={(finisherCents) =>
        respondBy ? (
          <p data-testid="objection-consequence" aria-live="polite" className="rounded-md bg-muted/60 p-3 text-sm break-words">
            {objectionClaimText({ owner: names.owner, finisher: names.finisher, finisherCents, disputedCents: heldCents, respondBy })}
          </p>
        ) : null
      }
      send={object}
      submitText="Send Objection"
      pendingText="Submitting..."
      onDone={onDone}
    />
  );
}
