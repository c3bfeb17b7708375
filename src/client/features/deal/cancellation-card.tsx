import { Check, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import type { DealCancellation } from '#shared/contracts/deal.js';
import { formatMoney } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { useAgreeToCancellation } from './api.js';
import { ObjectionDialog } from './objection-dialog.js';
import type { DealNames } from '#client/components/deal-history-list.js';
import { LocalTime } from '#client/components/local-time.js';

interface CancellationCardProps {
  projectId: number;
  cancellation: DealCancellation;
  names: DealNames;
  /** What is held now (the deal's money view): an objection asks for up to this. */
  heldCents: number;
  /** Only the assigned finisher answers; the owner waits for the answer. */
  canAnswer: boolean;
}

/**
 * A cancellation of a paid project that is not settled yet: open (the finisher agrees or objects by
 * respondBy; the owner waits) or objected (a dispute over the held money: the server's description
 * says what the owner's silence does, and by when).
 * Settled cancellations are the clock's to tell.
 */
export function CancellationCard({ projectId, cancellation, names, heldCents, canAnswer }: CancellationCardProps) {
  if (cancellation.outcome !== 'open' && cancellation.outcome !== 'objected') return null;
  const isOpen = cancellation.outcome === 'open';
  return (
    <Card role="region" aria-labelledby="cancellation-title" className="gap-4 border-amber-200">
      <CardHeader>
        <CardTitle id="cancellation-title">{isOpen ? 'Cancellation request' : 'Objection to the cancellation'}</CardTitle>
        <CardDescription className="break-words">{cancellation.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {isOpen && cancellation.respondBy ? (
          <p>
            {canAnswer ? 'Please answer by ' : `Waiting for ${names.finisher} to answer by `}
            <LocalTime value={cancellation.respondBy} className="font-medium" />
            {canAnswer ? `. Without an answer, ${formatMoney(cancellation.refundCents, { showCents: true })} is refunded to ${names.owner}.` : '.'}
          </p>
        ) : null}
        {cancellation.objection ? (
          <div>
            <h4 className="font-medium">{canAnswer ? 'Your objection' : `${names.finisher}'s objection`}</h4>
            <p className="mt-1 rounded-md bg-muted/60 p-3 break-words whitespace-pre-line">{cancellation.objection}</p>
          </div>
        ) : null}
        {isOpen && canAnswer ? <CancellationAnswer projectId={projectId} cancellation={cancellation} names={names} heldCents={heldCents} /> : null}
      </CardContent>
    </Card>
  );
}

function CancellationAnswer({ projectId, cancellation, names, heldCents }: Omit<CancellationCardProps, 'canAnswer'>) {
  const [isObjecting, setIsObjecting] = useState(false);
  const agree = useAgreeToCancellation(projectId);
  const refund = formatMoney(cancellation.refundCents, { showCents: true });
  const isPending = agree.isPending;
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmDialog
        trigger={
          <Button variant="destructive" disabled={isPending}>
            <Check aria-hidden="true" /> Agree to cancel
          </Button>
        }
        title="Agree to cancel this project?"
        description={`${refund} is refunded to ${names.owner} and the project stays cancelled. This cannot be undone.`}
        confirmLabel="Agree to cancel"
        destructive
        onConfirm={() => agree.mutate(undefined)}
      />
      <Button variant="outline" disabled={isPending} onClick={() => setIsObjecting(true)}>
        <MessageSquareWarning aria-hidden="true" /> Object
      </Button>
      <ObjectionDialog projectId={projectId} cancellation={cancellation} heldCents={heldCents} names={names} open={isObjecting} onOpenChange={setIsObjecting} />
    </div>
  );
}
