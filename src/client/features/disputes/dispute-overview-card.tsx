import type { Dispute } from '#shared/contracts/disputes.js';
import { formatMoney } from '#shared/domain/money.js';
import { DealMoneyList } from '#client/components/deal-money-list.js';
import { Badge } from '#client/components/ui/badge.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { LocalTime } from '#client/components/local-time.js';
import { disputeStatusBadges, latestOffer } from './dispute-rules.js';

const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? 'No offer yet' : formatMoney(cents, { showCents: true }));

/** Where the dispute stands: the summary sentence, the amounts, the deadlines, and once settled the split and any ruling. */
export function DisputeOverviewCard({ dispute }: { dispute: Dispute }) {
  const { split } = dispute;
  const isSettled = dispute.status === 'settled';
  return (
    <Card role="region" aria-labelledby="dispute-overview-title" className="gap-4 border-sky-200 bg-sky-50/40">
      <CardHeader>
        <CardTitle id="dispute-overview-title">Where it stands</CardTitle>
        <CardDescription className="text-base break-words text-foreground" data-testid="dispute-summary">
          {dispute.summary}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Disputed amount</dt>
          <dd className="font-medium tabular-nums">{formatMoney(dispute.disputedCents, { showCents: true })}</dd>
          <dt className="text-muted-foreground">{dispute.owner.username}’s latest offer (client)</dt>
          <dd className="tabular-nums" data-testid="owner-latest-offer">
            {money(latestOffer(dispute.offers, 'owner')?.finisherAmountCents)}
          </dd>
          <dt className="text-muted-foreground">{dispute.finisher.username}’s latest ask (developer)</dt>
          <dd className="tabular-nums" data-testid="finisher-latest-offer">
            {money(latestOffer(dispute.offers, 'finisher')?.finisherAmountCents)}
          </dd>
          {isSettled ? null : (
            <>
              <dt className="text-muted-foreground">Respond by</dt>
              <dd>
                <LocalTime value={dispute.respondBy} />
              </dd>
              <dt className="text-muted-foreground">Negotiate by</dt>
              <dd>
                <LocalTime value={dispute.negotiateBy} />
              </dd>
            </>
          )}
        </dl>
        {split ? (
          <section aria-labelledby="dispute-split-title" className="grid gap-2 rounded-lg border bg-background p-4">
            <h3 id="dispute-split-title" className="font-semibold">
              How the money was split
            </h3>
            <dl className="grid gap-1" data-testid="dispute-split">
              <SplitRow label="Paid to the developer" cents={split.payoutCents} />
              <SplitRow label="Platform fee" cents={split.feeCents} />
              <SplitRow label="Refunded to the client" cents={split.refundCents} />
            </dl>
          </section>
        ) : null}
        {dispute.money ? (
          <section aria-labelledby="dispute-deal-money-title" className="grid gap-2 rounded-lg border bg-background p-4">
            <h3 id="dispute-deal-money-title" className="font-semibold">
              The deal’s money
            </h3>
            <DealMoneyList money={dispute.money} showAcceptance={false} />
          </section>
        ) : null}
        {dispute.decision ? (
          <section aria-labelledby="dispute-decision-title" className="grid gap-2">
            <h3 id="dispute-decision-title" className="font-semibold">
              The operator’s decision
            </h3>
            <p className="rounded-md bg-background p-3 break-words whitespace-pre-line">{dispute.decision}</p>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SplitRow({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{formatMoney(cents, { showCents: true })}</dd>
    </div>
  );
}

export function DisputeStatusBadge({ status }: { status: Dispute['status'] }) {
  const badge = disputeStatusBadges[status];
  return (
    <Badge variant={badge.variant} data-testid="dispute-status">
      {badge.label}
    </Badge>
  );
}
