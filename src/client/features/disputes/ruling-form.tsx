import { type FormEvent, useState } from 'react';
import type { Dispute } from '#shared/contracts/disputes.js';
import { type DisputeSplit, disputeReasonLimits, splitDispute } from '#shared/domain/dispute.js';
import { formatMoney } from '#shared/domain/money.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { FormField } from '#client/components/ui/form-field.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { errorMessage } from '#client/lib/api.js';
import { characterCount, lengthProblem, parseDollarAmount } from '#client/lib/form-rules.js';
import { useRuleDispute } from './api.js';
import { DollarField } from '#client/components/dollar-field.js';
import { formatCount } from '#shared/domain/counts.js';

const money = (cents: number) => formatMoney(cents, { showCents: true });

const decisionWords = {
  tooShort: `Please write the decision in at least ${disputeReasonLimits.min} characters`,
  tooLong: `The decision must be at most ${formatCount(disputeReasonLimits.max)} characters`,
};

/** An operator's ruling: what the developer receives and the written decision both parties read. */
export function RulingCard({ dispute }: { dispute: Dispute }) {
  const rule = useRuleDispute(dispute.id);
  const [amount, setAmount] = useState('');
  const [decision, setDecision] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; decision?: string }>({});
  const [pending, setPending] = useState<DisputeSplit | null>(null);
  const max = formatMoney(dispute.disputedCents, { showCents: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDollarAmount(amount, dispute.disputedCents);
    const problems = { amount: parsed.problem, decision: lengthProblem(decision, disputeReasonLimits, decisionWords) };
    setErrors(problems);
    if (parsed.cents === undefined || problems.decision) return;
    // A ruling moves the money at once: the operator reads the split before it is recorded (issue 28, item 5).
    setPending(splitDispute(dispute.disputedCents, parsed.cents));
  };

  const record = () => {
    if (!pending) return;
    rule.mutate(
      { finisherAmountCents: pending.finisherAmountCents, decision: decision.trim() },
      { onError: (failure) => setErrors({ decision: errorMessage(failure, 'Please try again later') }) },
    );
    setPending(null);
  };

  return (
    <Card role="region" aria-labelledby="ruling-title" className="gap-4 border-amber-200">
      <CardHeader>
        <CardTitle id="ruling-title">Rule</CardTitle>
        <CardDescription>Your ruling settles the dispute at once; both parties read the decision.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label="Rule on the dispute" className="grid gap-4">
          <DollarField
            id="ruling-amount"
            label="Amount the developer receives ($)"
            hint={`Between $0 and ${max}.`}
            value={amount}
            onChange={setAmount}
            error={errors.amount}
          />
          <FormField id="ruling-decision" label="Written decision" error={errors.decision} hint={characterCount(decision, disputeReasonLimits.max)}>
            {(describedBy) => (
              <Textarea
                id="ruling-decision"
                rows={5}
                value={decision}
                onChange={(event) => setDecision(event.target.value)}
                aria-invalid={errors.decision ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <SubmitButton isPending={rule.isPending} pendingText="Recording..." className="w-fit">
            Record the ruling
          </SubmitButton>
        </form>
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => (open ? undefined : setPending(null))}
          title="Record this ruling?"
          description={`It settles the dispute and moves the ${max} at once. This cannot be undone.`}
          confirmLabel="Record the ruling"
          onConfirm={record}
        >
          {pending ? (
            <dl data-testid="ruling-split" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt>{dispute.finisher.username} (developer) receives</dt>
              <dd className="text-right font-medium tabular-nums">{money(pending.payoutCents)}</dd>
              <dt>{dispute.owner.username} (client) gets back</dt>
              <dd className="text-right font-medium tabular-nums">{money(pending.refundCents)}</dd>
              <dt>Platform fee</dt>
              <dd className="text-right font-medium tabular-nums">{money(pending.feeCents)}</dd>
            </dl>
          ) : null}
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
