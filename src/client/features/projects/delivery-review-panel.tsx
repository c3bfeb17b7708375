import { Check, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { DealMoney } from '#shared/contracts/deal.js';
import { formatMoney } from '#shared/domain/money.js';
import { ReasonDialog } from '#client/components/reason-dialog.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { useReviewWork } from '#client/features/projects/api.js';
import { useDeal } from '#client/features/deal/api.js';
import { useStatementOfWork } from '#client/features/scope/api.js';
import { errorMessage } from '#client/lib/api.js';
import { LinkedText } from '#client/components/linked-text.js';

interface DeliveryReviewPanelProps {
  projectId: number;
  deliveryMessage: string | null;
  /** The owner reviews a completed project; others (the finisher) only read the delivery. */
  canReviewWork: boolean;
}

/** What accepting does with the money, named before the owner commits to it (issue 16), from the deal's money view (decision 047). */
function acceptWorkConsequence(money: DealMoney | null | undefined): string {
  const release = money?.onAcceptance;
  return release && release.finisherCents > 0
    ? `${formatMoney(release.finisherCents, { showCents: true })} is released to the developer (the platform fee is ${formatMoney(release.feeCents, { showCents: true })}) and the project is marked as completed. This cannot be undone.`
    : 'The project is marked as completed, and the developer is paid once your payment is in. This cannot be undone.';
}

/** The delivered work: its message, and for the owner 'Accept Work' or 'Request Revision' with a reason (spec section 4). */
export function DeliveryReviewPanel({ projectId, deliveryMessage, canReviewWork }: DeliveryReviewPanelProps) {
  const review = useReviewWork(projectId);
  const [isRequestingRevision, setIsRequestingRevision] = useState(false);
  const [unmet, setUnmet] = useState<number[]>([]);
  const { data: statement } = useStatementOfWork(projectId, true);
  const criteria = statement?.criteria ?? [];
  const deal = useDeal(projectId, true);
  // The latest delivery's evidence per criterion (issue 18).
  const evidence = deal.data?.history.findLast((entry) => entry.kind === 'delivery')?.evidence ?? [];
  const revisionsLeft = statement ? statement.revisionsLeft : null;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Delivered Work</CardTitle>
        <CardDescription>
          {canReviewWork ? 'The developer has marked this project as completed. Review the delivery.' : 'Waiting for the client to review your work.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <h3 className="text-sm font-medium">Delivery message</h3>
          <p className="mt-1 rounded-md bg-muted/60 p-3 text-sm break-words whitespace-pre-line">
            {deliveryMessage ? <LinkedText text={deliveryMessage} /> : 'No delivery message.'}
          </p>
        </div>
        {evidence.length > 0 ? (
          <div>
            <h3 className="text-sm font-medium">Evidence</h3>
            <ul className="mt-1 grid gap-1 text-sm" aria-label="Evidence per criterion">
              {evidence.map((item) => (
                <li key={item.criterionId} className="rounded-md bg-muted/60 px-3 py-2 break-words">
                  <span className="font-medium">{criteria.find((c) => c.id === item.criterionId)?.text ?? 'Criterion'}:</span> <LinkedText text={item.note} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {canReviewWork && revisionsLeft !== null ? (
          <p className="text-sm text-muted-foreground" data-testid="revisions-left-note">
            {revisionsLeft > 0
              ? `${revisionsLeft} of ${statement!.includedRevisions} included revision requests left.`
              : 'The included revision requests are used up: accept the work, open a dispute or propose a change order.'}
          </p>
        ) : null}
        {canReviewWork ? (
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <Button disabled={review.isPending}>
                  <Check aria-hidden="true" /> Accept Work
                </Button>
              }
              title="Accept this work?"
              description={acceptWorkConsequence(deal.data?.money)}
              confirmLabel="Accept Work"
              onConfirm={() => review.mutate({ accepted: true })}
            />
            {revisionsLeft === 0 ? null : (
              <Button variant="outline" disabled={review.isPending} onClick={() => setIsRequestingRevision(true)}>
                <RotateCcw aria-hidden="true" /> Request Revision
              </Button>
            )}
            <ReasonDialog
              open={isRequestingRevision}
              onOpenChange={setIsRequestingRevision}
              title="Request a revision"
              description="The freelancer will be notified that the work needs changes and the project goes back to them."
              label="Reason for the revision"
              what="revision"
              submitLabel="Send Request"
              isPending={review.isPending}
              otherProblem={() => (criteria.length > 0 && unmet.length === 0 ? 'Name at least one acceptance criterion that is not met' : undefined)}
              onSubmit={(reason, { done, fail }) =>
                review.mutate(
                  { accepted: false, reason, ...(criteria.length > 0 ? { unmetCriteria: unmet } : {}) },
                  {
                    onSuccess: () => {
                      setUnmet([]);
                      done();
                    },
                    onError: (error) => fail(errorMessage(error, 'Please try again later')),
                  },
                )
              }
            >
              {criteria.length > 0 ? (
                <fieldset className="grid min-w-0 gap-2">
                  <legend className="mb-1 text-sm font-medium">Criteria not met</legend>
                  {criteria.map((criterion) => (
                    <label key={criterion.id} className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        checked={unmet.includes(criterion.id)}
                        onChange={(event) =>
                          setUnmet((current) => (event.target.checked ? [...current, criterion.id] : current.filter((id) => id !== criterion.id)))
                        }
                      />
                      <span className="min-w-0 [overflow-wrap:anywhere]">{criterion.text}</span>
                    </label>
                  ))}
                </fieldset>
              ) : null}
            </ReasonDialog>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
