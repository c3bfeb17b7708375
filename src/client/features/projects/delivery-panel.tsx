import { attachmentAccept, attachmentLimits, attachmentProblem } from '#shared/domain/attachments.js';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { projectLimits } from '#shared/domain/limits.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { useCompleteProject, useDeliverPullRequest } from '#client/features/projects/api.js';
import { useDeal } from '#client/features/deal/api.js';
import { useStatementOfWork } from '#client/features/scope/api.js';

const MIN = projectLimits.deliveryMessageMin;

/** A pull request's number as typed: a positive whole number, else null. */
const pullRequestNumberOf = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null);

/**
 * The assigned finisher's 'Mark as Completed' with a delivery message of at least 10 trimmed
 * characters and evidence for each agreed criterion; a line names what Confirm still needs. With a
 * connected repository (issue 29) the work can instead be delivered by naming a pull request, where
 * the message is optional.
 */
export function DeliveryPanel({ projectId, hasRepository = false }: { projectId: number; hasRepository?: boolean }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [evidence, setEvidence] = useState<Record<number, string>>({});
  const [isByPullRequest, setIsByPullRequest] = useState(false);
  const [pullRequestText, setPullRequestText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const filesProblem = attachmentProblem(files, attachmentLimits.perDelivery);
  const completeProject = useCompleteProject(projectId);
  const deliverPullRequest = useDeliverPullRequest(projectId);
  const byPullRequest = hasRepository && isByPullRequest;
  const pullRequestNumber = pullRequestNumberOf(pullRequestText);
  const isPending = completeProject.isPending || deliverPullRequest.isPending;
  const { data: statement } = useStatementOfWork(projectId, true);
  const { data: deal } = useDeal(projectId, true);
  // Issue 18: a link or a short note for each criterion the bid did not exclude.
  const owed = (statement?.criteria ?? []).filter((criterion) => criterion.answer !== 'exclude');
  const length = message.trim().length;
  const lacking = owed.filter((criterion) => (evidence[criterion.id] ?? '').trim().length === 0);
  // By pull request the message is optional, but one that is written follows the usual minimum.
  const isMessageShort = byPullRequest ? length > 0 && length < MIN : length < MIN;
  const reasons = [
    ...(byPullRequest && pullRequestNumber === null ? ['the pull request’s number'] : []),
    ...(isMessageShort ? [`a delivery message of at least ${MIN} characters`] : []),
    ...(lacking.length > 0 ? [`evidence for ${lacking.map((criterion) => `"${criterion.text}"`).join(', ')}`] : []),
  ];

  // A re-delivery after a revision request starts from the last delivery's evidence (issue 28, item 7).
  const openDialog = () => {
    const last = deal?.history.findLast((entry) => entry.kind === 'delivery')?.evidence ?? [];
    if (Object.keys(evidence).length === 0 && last.length > 0) setEvidence(Object.fromEntries(last.map((item) => [item.criterionId, item.note])));
    setOpen(true);
  };

  const evidenceBody =
    owed.length > 0 ? { evidence: owed.map((criterion) => ({ criterionId: criterion.id, note: (evidence[criterion.id] ?? '').trim() })) } : {};
  const onSuccess = () => {
    setOpen(false);
    setMessage('');
    setEvidence({});
    setPullRequestText('');
    setFiles([]);
  };
  const submit = () => {
    if (!byPullRequest) return completeProject.mutate({ deliveryMessage: message.trim(), ...evidenceBody, files }, { onSuccess });
    if (pullRequestNumber === null) return;
    deliverPullRequest.mutate({ number: pullRequestNumber, ...(length > 0 ? { deliveryMessage: message.trim() } : {}), ...evidenceBody }, { onSuccess });
  };

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
            {hasRepository ? (
              <PullRequestChoice
                isByPullRequest={isByPullRequest}
                onMethodChange={setIsByPullRequest}
                numberText={pullRequestText}
                onNumberChange={setPullRequestText}
              />
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor="delivery-message">{byPullRequest ? 'Delivery Message (optional)' : 'Delivery Message'}</Label>
              <Textarea
                id="delivery-message"
                rows={5}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                aria-describedby="delivery-message-counter"
              />
              <p
                id="delivery-message-counter"
                aria-live="polite"
                className={isMessageShort || length === 0 ? 'text-xs text-muted-foreground' : 'text-xs text-emerald-700'}
              >
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
            {byPullRequest ? null : (
              <div className="grid gap-2">
                <Label htmlFor="delivery-files">Files (optional, up to {attachmentLimits.perDelivery})</Label>
                <Input
                  id="delivery-files"
                  type="file"
                  multiple
                  accept={attachmentAccept}
                  aria-describedby="delivery-files-help"
                  onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
                />
                <p id="delivery-files-help" className="text-xs text-muted-foreground">
                  Images, PDF, text or zip files, each at most 10 MB.
                </p>
                {filesProblem ? (
                  <p role="alert" className="text-sm text-destructive">
                    {filesProblem}
                  </p>
                ) : null}
              </div>
            )}
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
                disabled={reasons.length > 0 || (!byPullRequest && filesProblem !== null) || isPending}
                aria-describedby={reasons.length > 0 ? 'delivery-confirm-needs' : undefined}
              >
                {isPending ? 'Submitting...' : 'Confirm'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

interface PullRequestChoiceProps {
  isByPullRequest: boolean;
  onMethodChange: (isByPullRequest: boolean) => void;
  numberText: string;
  onNumberChange: (text: string) => void;
}

/** How the work is delivered: with a message alone, or by naming a pull request on the connected repository. */
function PullRequestChoice({ isByPullRequest, onMethodChange, numberText, onNumberChange }: PullRequestChoiceProps) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium">How do you deliver?</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="delivery-method" className="size-4 accent-primary" checked={!isByPullRequest} onChange={() => onMethodChange(false)} />
        With a delivery message
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="delivery-method" className="size-4 accent-primary" checked={isByPullRequest} onChange={() => onMethodChange(true)} />
        Deliver by pull request
      </label>
      {isByPullRequest ? (
        <div className="grid gap-1">
          <Label htmlFor="delivery-pull-request">Pull request number</Label>
          <Input
            id="delivery-pull-request"
            inputMode="numeric"
            placeholder="42"
            aria-describedby="delivery-pull-request-hint"
            value={numberText}
            onChange={(event) => onNumberChange(event.target.value.replace(/[^\d]/g, ''))}
          />
          <p id="delivery-pull-request-hint" className="text-xs text-muted-foreground">
            An open pull request on the connected repository. Its commits, files and checks join the deal.
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
