import { type FormEvent, useState } from 'react';
import type { DealCancellation } from '#shared/contracts/deal.js';
import { dealReasonLimits } from '#shared/domain/deal.js';
import { objectionClaimText } from '#shared/domain/dispute-silence.js';
import { formatMoney } from '#shared/domain/money.js';
import { reasonProblem } from '#client/components/reason-dialog.js';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import type { DealNames } from '#client/components/deal-history-list.js';
import { errorMessage } from '#client/lib/api.js';
import { centsToDollarText, characterCount, parseDollarAmount } from '#client/lib/form-rules.js';
import { useObjectToCancellation } from './api.js';

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
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(centsToDollarText(heldCents));
  const [errors, setErrors] = useState<{ reason?: string; amount?: string }>({});
  const parsed = parseDollarAmount(amount, heldCents);
  const held = formatMoney(heldCents, { showCents: true });
  const respondBy = cancellation.objectionRespondBy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = { reason: reasonProblem('objection', reason), amount: parsed.problem };
    setErrors(problems);
    if (problems.reason || parsed.cents === undefined) return;
    object.mutate(
      { reason: reason.trim(), finisherAmountCents: parsed.cents },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const message = errorMessage(failure, 'Please try again later');
          setErrors(/amount/i.test(message) ? { amount: message } : { reason: message });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Object to the cancellation" className="grid min-w-0 gap-4">
      <FormField id="objection-reason" label="Reason for the objection" error={errors.reason} hint={characterCount(reason, dealReasonLimits.max)}>
        {(describedBy) => (
          <Textarea
            id="objection-reason"
            rows={5}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id="objection-amount" label="Amount you ask for ($)" error={errors.amount} hint={`Between $0 and the ${held} held.`}>
        {(describedBy) => (
          <Input
            id="objection-amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      {parsed.cents !== undefined && respondBy ? (
        <p data-testid="objection-consequence" aria-live="polite" className="rounded-md bg-muted/60 p-3 text-sm break-words">
          {objectionClaimText({ owner: names.owner, finisher: names.finisher, finisherCents: parsed.cents, disputedCents: heldCents, respondBy })}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton isPending={object.isPending} pendingText="Submitting...">
          Send Objection
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
