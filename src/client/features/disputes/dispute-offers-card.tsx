import { Check, Gavel } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Dispute, DisputeOffer } from '#shared/contracts/disputes.js';
import { formatMoney } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { errorMessage } from '#client/lib/api.js';
import { LocalTime } from '#client/components/local-time.js';
import { parseDollarAmount } from '#client/lib/form-rules.js';
import { useAcceptOffer, useEscalateDispute, useMakeOffer } from './api.js';
import { DollarField } from '#client/components/dollar-field.js';
import { partyControls, sideLabels } from './dispute-rules.js';

const amount = (cents: number) => formatMoney(cents, { showCents: true });

/** Every offer, oldest first; for a party until it settles: a new offer, accepting the other side's latest, asking the operator. */
export function DisputeOffersCard({ dispute }: { dispute: Dispute }) {
  const controls = partyControls(dispute);
  const names = { owner: dispute.owner.username, finisher: dispute.finisher.username };
  return (
    <Card role="region" aria-labelledby="dispute-offers-title" className="gap-4">
      <CardHeader>
        <CardTitle id="dispute-offers-title">Offers</CardTitle>
        <CardDescription>What each side says the developer should receive, oldest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ol className="grid gap-2" aria-label="Offers">
          {dispute.offers.map((offer) => (
            <OfferItem key={offer.id} offer={offer} name={names[offer.side]} dispute={dispute} canAccept={controls.acceptable?.id === offer.id} />
          ))}
        </ol>
        {controls.canOffer ? <OfferForm dispute={dispute} /> : null}
        {controls.canEscalate ? <EscalateButton dispute={dispute} /> : null}
      </CardContent>
    </Card>
  );
}

function OfferItem({ offer, name, dispute, canAccept }: { offer: DisputeOffer; name: string; dispute: Dispute; canAccept: boolean }) {
  const label = `${name} (${sideLabels[offer.side].toLowerCase()}): ${amount(offer.finisherAmountCents)} to the developer`;
  return (
    <li aria-label={label} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 text-sm">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words">{label}</span>
        <span className="text-xs text-muted-foreground">
          <LocalTime value={offer.createdAt} />
          {offer.acceptedAt ? ' · accepted' : null}
        </span>
      </div>
      {canAccept ? <AcceptButton dispute={dispute} offer={offer} /> : null}
    </li>
  );
}

function AcceptButton({ dispute, offer }: { dispute: Dispute; offer: DisputeOffer }) {
  const accept = useAcceptOffer(dispute.id);
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" disabled={accept.isPending}>
          <Check aria-hidden="true" /> Accept
        </Button>
      }
      title="Accept this offer?"
      description={`The dispute settles at once: ${amount(offer.finisherAmountCents)} of the ${amount(dispute.disputedCents)} goes to the developer (less the platform fee) and the rest is refunded to the client. This cannot be undone.`}
      confirmLabel="Accept offer"
      onConfirm={() => accept.mutate(offer.id)}
    />
  );
}

function OfferForm({ dispute }: { dispute: Dispute }) {
  const offer = useMakeOffer(dispute.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDollarAmount(text, dispute.disputedCents);
    setError(parsed.problem);
    if (parsed.cents === undefined) return;
    offer.mutate(
      { finisherAmountCents: parsed.cents },
      { onSuccess: () => setText(''), onError: (failure) => setError(errorMessage(failure, 'Please try again later')) },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Make an offer" className="grid gap-3 rounded-lg border bg-muted/30 p-4">
      <h4 className="font-semibold">Make an offer</h4>
      <DollarField
        id="dispute-offer-amount"
        label="Amount the developer should receive ($)"
        hint={`Between $0 and ${amount(dispute.disputedCents)}.`}
        value={text}
        onChange={setText}
        error={error}
      />
      <SubmitButton isPending={offer.isPending} pendingText="Sending..." className="w-fit">
        Send offer
      </SubmitButton>
    </form>
  );
}

function EscalateButton({ dispute }: { dispute: Dispute }) {
  const escalate = useEscalateDispute(dispute.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="w-fit" disabled={escalate.isPending}>
          <Gavel aria-hidden="true" /> Ask the operator to decide
        </Button>
      }
      title="Ask the operator to decide?"
      description="Finishline's operator reads the offers, the evidence and the deal record, then rules what the developer receives. You can still agree on an amount until the ruling."
      confirmLabel="Ask the operator"
      onConfirm={() => escalate.mutate(undefined)}
    />
  );
}
