import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { usePlaceBid } from '#client/features/bids/api.js';
import { toQuickBid } from './quick-application.js';

/** A one-step application from the dashboard: message required, rate and timeline as lenient text. */
export function QuickApplyForm({ projectId, finisherId, onDone }: { projectId: number; finisherId: number; onDone: () => void }) {
  const [message, setMessage] = useState('');
  const [rate, setRate] = useState('');
  const [timeline, setTimeline] = useState('');
  const placeBid = usePlaceBid('quick');
  const idPrefix = `quick-${projectId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bid = toQuickBid({ message, rate, timeline });
    if (!bid.ok) {
      toast.error('Application message required', { description: "Please explain why you're a good fit for this project." });
      return;
    }
    placeBid.mutate({ projectId, body: { amount: bid.amount, timeline: bid.timeline, message: bid.message, finisherId, projectId } }, { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Quick application" className="grid gap-3 rounded-lg bg-muted/50 p-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-message`}>Why are you a good fit?</Label>
        <Textarea id={`${idPrefix}-message`} rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-rate`}>Your rate ($)</Label>
          <Input id={`${idPrefix}-rate`} inputMode="numeric" placeholder="100" value={rate} onChange={(event) => setRate(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-timeline`}>Timeline (days)</Label>
          <Input id={`${idPrefix}-timeline`} placeholder="7 days" value={timeline} onChange={(event) => setTimeline(event.target.value)} />
        </div>
      </div>
      <Button type="submit" size="sm" className="w-fit" disabled={placeBid.isPending}>
        {placeBid.isPending ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}
