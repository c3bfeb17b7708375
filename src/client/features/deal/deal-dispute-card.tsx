import { Scale } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Deal } from '#shared/contracts/deal.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { lazyComponent } from '#client/lib/lazy-component.js';

// The dialog (its form and the dispute mutation) loads when first opened; most deals never need it.
const OpenDisputeDialog = lazyComponent(() => import('./open-dispute-dialog.js'), 'OpenDisputeDialog');

/**
 * For both parties: a link to the deal's dispute once there is one; before that, while money is held and
 * the deal is in review, revision or an open cancellation, the way to open one.
 */
export function DealDisputeCard({ deal, projectId, viewer }: { deal: Deal; projectId: number; viewer: 'owner' | 'finisher' }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  if (deal.dispute) {
    const isSettled = deal.dispute.status === 'settled';
    return (
      <Card role="region" aria-labelledby="deal-dispute-title" className="gap-3">
        <CardHeader>
          <CardTitle id="deal-dispute-title">Dispute</CardTitle>
          <CardDescription>
            {isSettled ? 'The dispute over the held money is settled.' : 'The held money is in dispute; the deal clock waits for it.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to={`/disputes/${deal.dispute.id}`}>
              <Scale aria-hidden="true" /> View the dispute
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  // The deal machine's answer (decision 041): money held, the deal in review, revision or a pending cancellation.
  if (!deal.allowedActions.includes('open_dispute') || !deal.money) return null;
  return (
    <Card role="region" aria-labelledby="deal-dispute-title" className="gap-3">
      <CardHeader>
        <CardTitle id="deal-dispute-title">Disagree about the money?</CardTitle>
        <CardDescription>Open a dispute: the held money stays held while you agree on an amount, or Finishline’s operator decides.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          onClick={() => {
            setHasOpened(true);
            setIsOpen(true);
          }}
        >
          <Scale aria-hidden="true" /> Open a dispute
        </Button>
        {hasOpened ? (
          <Suspense fallback={null}>
            <OpenDisputeDialog projectId={projectId} heldCents={deal.money.heldCents} viewer={viewer} open={isOpen} onOpenChange={setIsOpen} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
