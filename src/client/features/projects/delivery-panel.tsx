import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { projectLimits } from '#shared/domain/limits.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { useCompleteProject } from '#client/features/projects/api.js';
import { useDeal } from '#client/features/deal/api.js';
import { useStatementOfWork } from '#client/features/scope/api.js';

const MIN = projectLimits.deliveryMessageMin;

/**
 * The assigned finisher's 'Mark as Completed' with a delivery message of at least 10 trimmed
 * characters and evidence for each agreed criterion; a line names what Confirm still needs.
 */
export function DeliveryPanel({ projectId }: { projectId: number }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [evidence, setEvidence] = useState<Record<number, string>>({});
  const completeProject = useCompleteProject(projectId);
  const { data: statement } = useStatementOfWork(projectId, true);
  const { data: deal } = useDeal(projectId, true);
  // Issue 18: a link or a short note for each criterion the bid did not exclude.
  const owed = (statement?.criteria ?? []).filter((criterion) => criterion.answer !== 'exclude');
  const length = message.trim().length;
  const lacking = owed.filter((criterion) => (evidence[criterion.id] ?? '').trim().length === 0);
  const isEvidenceComplete = lacking.length === 0;
  const reasons = [
    ...(length < MIN ? [`a delivery message of at least ${MIN} characters`] : []),
    ...(lacking.length > 0 ? [`evidence for ${lacking.map((criterion) => `"${criterion.text}"`).join(', ')}`] : []),
  ];

  // A re-delivery after a revision request starts from the last delivery's evidence (issue 28, item 7).
  const openDialog = () => {
    const last = deal?.history.findLast((entry) => entry.kind === 'delivery')?.evidence ?? [];
    if (Object.keys(evidence).length === 0 && last.length > 0) setEvidence(Object.fromEntries(last.map((item) => [item.criterionId, item.note])));
    setOpen(true);
  };

  const submit = () =>
    completeProject.mutate(
      {
        deliveryMessage: message.trim(),
        ...(owed.length > 0 ? { evidence: owed.map((criterion) => ({ criterionId: criterion.id, note: evidence[criterion.id]!.trim() })) } : {}),
      },
      {
        onSuccess: () => {
          setOpen(false);
          setMessage('');
          setEvidence({});
        },
      },
    );

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Deliver your work</CardTitle>
        <CardDescription>When the work is done, mark the project as completed and tell the client what you delivered.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={openDialog}>
          <CheckCircle2 aria-hidden="true" /> Mark as Completed
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
            <DialogHeader>
              <DialogTitle>Mark project as completed</DialogTitle>
              <DialogDescription>Describe what you delivered. The client will review your work.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="delivery-message">Delivery Message</Label>
              <Textarea
                id="delivery-message"
                rows={5}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                aria-describedby="delivery-message-counter"
              />
              <p id="delivery-message-counter" aria-live="polite" className={length < MIN ? 'text-xs text-muted-foreground' : 'text-xs text-emerald-700'}>
                Minimum {MIN} characters ({length}/{MIN})
              </p>
            </div>
            {owed.length > 0 ? (
              <fieldset className="grid min-w-0 gap-3">
                <legend className="mb-1 text-sm font-medium">Evidence for each agreed criterion (a link or a short note)</legend>
                {owed.map((criterion) => (
                  <div key={criterion.id} className="grid gap-1">
                    <Label htmlFor={`evidence-${criterion.id}`} className="[overflow-wrap:anywhere]">
                      {criterion.text}
                    </Label>
                    <Input
                      id={`evidence-${criterion.id}`}
                      value={evidence[criterion.id] ?? ''}
                      onChange={(event) => setEvidence((current) => ({ ...current, [criterion.id]: event.target.value }))}
                    />
                  </div>
                ))}
              </fieldset>
            ) : null}
            {reasons.length > 0 ? (
              <p
                id="delivery-confirm-needs"
                aria-live="polite"
                data-testid="delivery-confirm-needs"
                className="text-sm [overflow-wrap:anywhere] text-muted-foreground"
              >
                Confirm needs {reasons.join(' and ')}.
              </p>
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                onClick={submit}
                disabled={length < MIN || !isEvidenceComplete || completeProject.isPending}
                aria-describedby={reasons.length > 0 ? 'delivery-confirm-needs' : undefined}
              >
                {completeProject.isPending ? 'Submitting...' : 'Confirm'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
