import { Clock, CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import type { Deal } from '#shared/contracts/deal.js';
import type { DealParty, DealStepAction } from '#shared/domain/deal.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { type DealNames, partyName } from '#client/components/deal-history-list.js';
import { LocalTime } from '#client/components/local-time.js';
import { graceNote } from '#shared/domain/time-zone.js';
import { isDealOver } from './deal-format.js';

const partyRoles: Record<DealParty, string> = { owner: 'client', finisher: 'developer', system: 'operator', operator: 'operator' };

/** The step the deal waits for, in a few words beside the sentence. */
const stepLabels: Record<DealStepAction, string> = {
  pay: 'Payment',
  deliver: 'Delivery of the work',
  review_delivery: 'Review of the delivery',
  review_milestone: 'Review of a milestone',
  answer_cancellation: 'Answer to the cancellation request',
  set_up_payouts: 'Payout account setup',
  operator_review: "Finishline's operator settles the held money",
  respond_to_dispute: 'Answer to the dispute',
  settle_dispute: 'Agreement on the disputed money',
};

interface DealClockCardProps {
  deal: Deal;
  names: DealNames;
  /** What the viewer is to the deal: the owner or the assigned finisher. */
  viewer: 'owner' | 'finisher';
  /** Where the owner pays the accepted bid, while the deal waits for it (issue 26); null otherwise. */
  paymentHref?: string | null;
}

/**
 * One clock on the page: the one step the deal waits for, in the server's words, who must take it
 * (You, when it is the viewer) and by when; or, once nothing is left to do, how the deal ended.
 */
export function DealClockCard({ deal, names, viewer, paymentHref = null }: DealClockCardProps) {
  const { nextStep } = deal;
  return (
    <Card role="region" aria-labelledby="deal-clock-title" className="gap-3 border-sky-200 bg-sky-50/40">
      <CardHeader>
        <CardTitle id="deal-clock-title" className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-5 text-sky-700" /> Deal clock
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {nextStep ? (
          <>
            <p className="font-medium break-words" data-testid="deal-next-step">
              {nextStep.description}
            </p>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-muted-foreground">Step</dt>
              <dd>{stepLabels[nextStep.action]}</dd>
              <dt className="text-muted-foreground">Who acts</dt>
              <dd data-testid="deal-next-actor">
                {nextStep.actor === viewer ? (
                  <Badge variant="warning" className="text-sm">
                    You
                  </Badge>
                ) : (
                  `${partyName(nextStep.actor, names)} (${partyRoles[nextStep.actor]})`
                )}
              </dd>
              {nextStep.dueAt ? (
                <>
                  <dt className="text-muted-foreground">Due by</dt>
                  <dd>
                    <LocalTime value={nextStep.dueAt} className="font-medium" />
                    {nextStep.graceMs ? <span data-testid="deal-due-grace"> ({graceNote(nextStep.graceMs)})</span> : null}
                  </dd>
                </>
              ) : null}
            </dl>
            {nextStep.action === 'pay' && viewer === 'owner' && paymentHref ? (
              <Button asChild className="justify-self-start">
                <Link to={paymentHref}>
                  <CreditCard aria-hidden="true" /> Proceed to Payment
                </Link>
              </Button>
            ) : null}
          </>
        ) : (
          <p className="break-words" data-testid="deal-next-step">
            {endOf(deal)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** What the clock says when nothing waits on anyone. */
function endOf(deal: Deal): string {
  if (deal.cancellation) return deal.cancellation.description;
  if (isDealOver(deal)) return 'This deal is complete: the work was accepted and nothing is left to do.';
  return 'Nothing is waiting on anyone right now.';
}
