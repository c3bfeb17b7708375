import { type FormEvent, useState } from 'react';
import { disputeReasonLimits } from '#shared/domain/dispute.js';
import { formatMoney } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { errorMessage } from '#client/lib/api.js';
import { centsToDollarText, characterCount, lengthProblem, parseDollarAmount } from '#client/lib/form-rules.js';
import { useOpenDispute } from '#client/features/disputes/api.js';

const reasonWords = {
  tooShort: `Please write the reason for the dispute in at least ${disputeReasonLimits.min} characters`,
  tooLong: `The reason for the dispute must be at most ${disputeReasonLimits.max.toLocaleString('en-US')} characters`,
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
  const openDispute = useOpenDispute(projectId);
  const [reason, setReason] = useState('');
  // The finisher asks for everything held, the owner offers nothing: each side's opening position, to edit.
  const [amount, setAmount] = useState(centsToDollarText(viewer === 'finisher' ? heldCents : 0));
  const [errors, setErrors] = useState<{ reason?: string; amount?: string }>({});
  const held = formatMoney(heldCents, { showCents: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDollarAmount(amount, heldCents);
    const problems = { reason: lengthProblem(reason, disputeReasonLimits, reasonWords), amount: parsed.problem };
    setErrors(problems);
    if (problems.reason || parsed.cents === undefined) return;
    openDispute.mutate(
      { reason: reason.trim(), finisherAmountCents: parsed.cents },
      {
        // The hook goes on to the dispute's page.
        onSuccess: onDone,
        // The server's message, under the field it is about: an amount above what is held, or anything else under the reason.
        onError: (failure) => {
          const message = errorMessage(failure, 'Please try again later');
          setErrors(/amount/i.test(message) ? { amount: message } : { reason: message });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Open a dispute" className="grid min-w-0 gap-4">
      <FormField id="dispute-reason" label="Reason for the dispute" error={errors.reason} hint={characterCount(reason, disputeReasonLimits.max)}>
        {(describedBy) => (
          <Textarea
            id="dispute-reason"
            rows={5}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id="dispute-amount" label="Amount the developer should receive ($)" error={errors.amount} hint={`Between $0 and the ${held} held.`}>
        {(describedBy) => (
          <Input
            id="dispute-amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton isPending={openDispute.isPending} pendingText="Opening...">
          Open dispute
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
