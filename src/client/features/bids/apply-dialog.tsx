import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { placeBidSchema } from '../../../shared/contracts/bids.js';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import type { ApplyVisibility } from './bid-eligibility';
import { usePlaceBid } from './use-bids';

type BidInput = z.input<typeof placeBidSchema>;
type BidOutput = z.output<typeof placeBidSchema>;

interface ApplyButtonProps {
  projectId: number;
  projectName: string;
  userId: number | null;
  visibility: ApplyVisibility;
}

/** 'Apply for this Project' and its 'Apply for Project' dialog (spec sections 2 and 5). */
export function ApplyButton({ projectId, projectName, userId, visibility }: ApplyButtonProps) {
  const [open, setOpen] = useState(false);
  if (visibility === 'hidden') return null;

  const onClick = () => {
    if (visibility === 'login-required' || !userId) {
      toast.error('You must be logged in to submit a bid');
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button size="lg" className="w-full" onClick={onClick}>
        <Send aria-hidden="true" /> Apply for this Project
      </Button>
      {userId ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Apply for Project</DialogTitle>
              <DialogDescription>Send {projectName}'s owner your rate, timeline and proposal.</DialogDescription>
            </DialogHeader>
            <ApplyForm projectId={projectId} finisherId={userId} onDone={() => setOpen(false)} />
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

function ApplyForm({ projectId, finisherId, onDone }: { projectId: number; finisherId: number; onDone: () => void }) {
  const placeBid = usePlaceBid('apply');
  const form = useForm<BidInput, unknown, BidOutput>({
    resolver: zodResolver(placeBidSchema),
    defaultValues: { amount: '', timeline: '', message: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ amount, timeline, message }) => {
    placeBid.mutate(
      { projectId, body: { amount, timeline, message, finisherId } },
      { onSuccess: onDone },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Apply for Project">
      <FormField id="bid-amount" label="Your Rate ($)" hint="Enter the total amount you'd like to be paid for this project." error={errors.amount?.message}>
        {(describedBy) => (
          <Input id="bid-amount" type="number" inputMode="numeric" min={1} step={1} aria-describedby={describedBy} aria-invalid={errors.amount ? true : undefined} {...form.register('amount')} />
        )}
      </FormField>
      <FormField id="bid-timeline" label="Timeline (Days)" error={errors.timeline?.message}>
        {(describedBy) => (
          <Input id="bid-timeline" type="number" inputMode="numeric" min={1} step={1} aria-describedby={describedBy} aria-invalid={errors.timeline ? true : undefined} {...form.register('timeline')} />
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
