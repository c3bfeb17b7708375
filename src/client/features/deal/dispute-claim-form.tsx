import { type FormEvent, type ReactNode, useState } from 'react';
import { formatMoney } from '#shared/domain/money.js';
import { DollarField } from '#client/components/dollar-field.js';
import { Button } from '#client/components/ui/button.js';
import { DialogFooter } from '#client/components/ui/dialog.js';
import { FormField } from '#client/components/ui/form-field.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { errorMessage } from '#client/lib/api.js';
import { centsToDollarText, characterCount, parseDollarAmount } from '#client/lib/form-rules.js';

/** The claim both ways into a dispute send: why, and what the developer should receive of the held money. */
export interface DisputeClaim {
  reason: string;
  finisherAmountCents: number;
}

interface DisputeClaimFormProps {
  /** The form's accessible name; its fields' ids start with idPrefix. */
  label: string;
  idPrefix: string;
  reasonLabel: string;
  amountLabel: string;
  reasonMax: number;
  reasonProblem: (reason: string) => string | undefined;
  /** What is held: the most the claim may name. */
  heldCents: number;
  /** The amount the field starts from. */
  startCents: number;
  /** A live sentence under the amount, from the amount as typed (when it is one). */
  consequence?: (finisherCents: number) => ReactNode;
  send: { mutate: (claim: DisputeClaim, options: { onSuccess: () => void; onError: (failure: unknown) => void }) => void; isPending: boolean };
  submitText: string;
  pendingText: string;
  onDone: () => void;
}

/**
 * The reason-and-amount form of an objection to a cancellation and of a dispute opened from the
 * deal: the same rules, the server's message under the field it is about (an amount above what is
 * held under the amount, anything else under the reason).
 */
export function DisputeClaimForm({
  label,
  idPrefix,
  reasonLabel,
  amountLabel,
  reasonMax,
  heldCents,
  startCents,
  send,
  onDone,
  ...props
}: DisputeClaimFormProps) {
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(centsToDollarText(startCents));
  const [errors, setErrors] = useState<{ reason?: string; amount?: string }>({});
  const parsed = parseDollarAmount(amount, heldCents);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = { reason: props.reasonProblem(reason), amount: parsed.problem };
    setErrors(problems);
    if (problems.reason || parsed.cents === undefined) return;
    send.mutate(
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
    <form noValidate onSubmit={submit} aria-label={label} className="grid min-w-0 gap-4">
      <FormField id={`${idPrefix}-reason`} label={reasonLabel} error={errors.reason} hint={characterCount(reason, reasonMax)}>
        {(describedBy) => (
          <Textarea
            id={`${idPrefix}-reason`}
            rows={5}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <DollarField
        id={`${idPrefix}-amount`}
        label={amountLabel}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        hint={`Between $0 and the ${formatMoney(heldCents, { showCents: true })} held.`}
      />
      {parsed.cents !== undefined ? props.consequence?.(parsed.cents) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton isPending={send.isPending} pendingText={props.pendingText}>
          {props.submitText}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
