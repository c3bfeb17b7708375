import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type PlaceBidBody, type PlaceBidInput } from '#shared/contracts/bids.js';
import { placeBidSchema } from '#shared/contracts/bids.schemas.js';
import { DialogFooter } from '#client/components/ui/dialog.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { usePlaceBid } from './api.js';

/** The 'Apply for Project' form; its own chunk, loaded when the dialog opens (apply-dialog.tsx). */
export function ApplyForm({ projectId, finisherId, onDone }: { projectId: number; finisherId: number; onDone: () => void }) {
  const placeBid = usePlaceBid('apply');
  const form = useForm<PlaceBidBody, unknown, PlaceBidInput>({
    resolver: zodResolver(placeBidSchema),
    defaultValues: { amount: '', timeline: '', message: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ amount, timeline, message }) => {
    placeBid.mutate({ projectId, body: { amount, timeline, message, finisherId } }, { onSuccess: onDone });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Apply for Project">
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
      <DialogFooter>
        <SubmitButton isPending={placeBid.isPending} pendingText="Submitting...">
          Submit Bid
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
