import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, useForm, useWatch } from 'react-hook-form';
import type { Bid, PlaceBidBody, PlaceBidInput } from '#shared/contracts/bids.js';
import type { AcceptanceCriterion } from '#shared/contracts/projects.js';
import { placeBidSchema } from '#shared/contracts/bids.schemas.js';
import { centsToDollars, dollarsToCents, formatMoney, PLATFORM_FEE_PERCENT, splitPayment } from '#shared/domain/money.js';
import { DialogFooter } from '#client/components/ui/dialog.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { CriteriaAnswersFields } from './criteria-answers-fields.js';
import { useEditBid, usePlaceBid } from './api.js';

interface ApplyFormProps {
  projectId: number;
  finisherId: number;
  /** The project's acceptance criteria: the bid answers each (issue 18). */
  criteria: readonly AcceptanceCriterion[];
  /** Editing this pending bid instead of placing a new one. */
  bid?: Bid;
  onDone: () => void;
}

function defaultsOf(criteria: readonly AcceptanceCriterion[], bid: Bid | undefined): PlaceBidBody {
  const answerOf = (id: number) => bid?.criteriaAnswers?.find((a) => a.criterionId === id);
  return {
    amount: bid?.amountCents !== undefined ? String(centsToDollars(bid.amountCents)) : '',
    timeline: bid?.timeline !== undefined ? String(bid.timeline) : '',
    message: bid?.message ?? '',
    includedRevisions: bid?.includedRevisions ?? undefined,
    criteriaAnswers: criteria.map((c) => ({ criterionId: c.id, answer: answerOf(c.id)?.answer ?? 'agree', note: answerOf(c.id)?.note ?? '' })),
  };
}

/** A whole, positive number of dollars typed in the rate field, or null while it is anything else. */
function typedDollars(value: unknown): number | null {
  const dollars = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(dollars) && dollars > 0 ? dollars : null;
}

/** What the finisher receives of the rate as it is typed: the server's split of a payment (issue 28, item 3). */
function PayoutPreview({ control }: { control: Control<PlaceBidBody, unknown, PlaceBidInput> }) {
  const dollars = typedDollars(useWatch({ control, name: 'amount' }));
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="bid-payout-preview">
      {dollars === null
        ? `You receive your rate less the ${PLATFORM_FEE_PERCENT}% platform fee.`
        : `You receive ${formatMoney(splitPayment(dollarsToCents(dollars)).developerAmountCents)} after the ${PLATFORM_FEE_PERCENT}% fee.`}
    </p>
  );
}

/** The 'Apply for Project' form, and the same form editing a pending bid; its own chunk, loaded when the dialog opens. */
export function ApplyForm({ projectId, finisherId, criteria, bid, onDone }: ApplyFormProps) {
  const placeBid = usePlaceBid('apply');
  const editBid = useEditBid();
  const form = useForm<PlaceBidBody, unknown, PlaceBidInput>({
    resolver: zodResolver(placeBidSchema),
    defaultValues: defaultsOf(criteria, bid),
  });
  const { errors } = form.formState;
  const isPending = placeBid.isPending || editBid.isPending;

  const onSubmit = form.handleSubmit(({ amount, timeline, message, criteriaAnswers, includedRevisions }) => {
    if (isPending) return;
    const terms = {
      amount,
      timeline,
      message,
      ...(criteria.length > 0 ? { criteriaAnswers } : {}),
      ...(includedRevisions !== undefined ? { includedRevisions } : {}),
    };
    if (bid) editBid.mutate({ bidId: bid.id, body: terms }, { onSuccess: onDone });
    else placeBid.mutate({ projectId, body: { ...terms, finisherId } }, { onSuccess: onDone });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={bid ? 'Edit Bid' : 'Apply for Project'}>
      <FormField id="bid-amount" label="Your Rate ($)" hint="Enter the total amount you'd like to be paid for this project." error={errors.amount?.message}>
        {(describedBy) => (
          <Input
            id="bid-amount"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            aria-describedby={describedBy}
            aria-invalid={errors.amount ? true : undefined}
            {...form.register('amount')}
          />
        )}
      </FormField>
      <PayoutPreview control={form.control} />
      <FormField id="bid-timeline" label="Timeline (Days)" error={errors.timeline?.message}>
        {(describedBy) => (
          <Input
            id="bid-timeline"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            aria-describedby={describedBy}
            aria-invalid={errors.timeline ? true : undefined}
            {...form.register('timeline')}
          />
        )}
      </FormField>
      <FormField id="bid-message" label="Your Proposal" error={errors.message?.message}>
        {(describedBy) => (
          <Textarea
            id="bid-message"
            rows={5}
            placeholder="Explain how you would finish this project."
            aria-describedby={describedBy}
            aria-invalid={errors.message ? true : undefined}
            {...form.register('message')}
          />
        )}
      </FormField>
      {criteria.length > 0 ? <CriteriaAnswersFields criteria={criteria} form={form} /> : null}
      <FormField
        id="bid-revisions"
        label="Included revisions (optional)"
        hint="How many revision requests your price includes; leave empty for the usual 2."
        error={errors.includedRevisions?.message}
      >
        {(describedBy) => (
          <Input
            id="bid-revisions"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            aria-describedby={describedBy}
            aria-invalid={errors.includedRevisions ? true : undefined}
            {...form.register('includedRevisions', { setValueAs: (value: unknown) => (value === '' || value === null ? undefined : value) })}
          />
        )}
      </FormField>
      <DialogFooter>
        <SubmitButton isPending={isPending} pendingText={bid ? 'Saving...' : 'Submitting...'}>
          {bid ? 'Save Changes' : 'Submit Bid'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
