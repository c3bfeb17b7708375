import { FINISHER_SHARE_PERCENT, formatMoney, PLATFORM_FEE_PERCENT, splitPayment } from '#shared/domain/money.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';

interface PaymentSummaryCardProps {
  /** The bid's amount in cents. */
  amountCents: number;
  projectName: string;
  developerUsername: string;
}

/** The payment page's summary: the bid, the platform's fee, the developer's share, and a total equal to the bid. */
export function PaymentSummaryCard({ amountCents, projectName, developerUsername }: PaymentSummaryCardProps) {
  const split = amountCents > 0 ? splitPayment(amountCents) : { amountCents: 0, platformFeeCents: 0, developerAmountCents: 0 };
  return (
    <Card role="region" aria-labelledby="payment-summary-title">
      <CardHeader>
        <CardTitle id="payment-summary-title">Payment Summary</CardTitle>
        <CardDescription>
          {projectName} · developer {developerUsername}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <SummaryRow label="Bid amount" value={formatMoney(split.amountCents)} />
          <SummaryRow label={`Platform fee (${PLATFORM_FEE_PERCENT}%)`} value={formatMoney(split.platformFeeCents)} muted />
          <SummaryRow label={`Developer receives (${FINISHER_SHARE_PERCENT}%)`} value={formatMoney(split.developerAmountCents)} muted />
          <SummaryRow label="Total" value={formatMoney(split.amountCents)} strong />
        </dl>
        <p className="mt-4 text-xs text-muted-foreground">
          The platform fee is included in the bid amount. Your payment is held securely until you accept the delivered work.
        </p>
      </CardContent>
    </Card>
  );
}

function SummaryRow({ label, value, muted, strong }: { label: string; value: string; muted?: boolean; strong?: boolean }) {
  return (
    <div className={strong ? 'flex items-center justify-between gap-4 border-t pt-3' : 'flex items-center justify-between gap-4'}>
      <dt className={muted ? 'text-muted-foreground' : strong ? 'font-semibold' : undefined}>{label}</dt>
      <dd className={strong ? 'text-lg font-semibold tabular-nums' : 'tabular-nums'}>{value}</dd>
    </div>
  );
}
