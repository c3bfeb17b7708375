import { dollarsToCents, formatDollars, splitPayment } from '#shared/domain/money.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';

interface PaymentSummaryCardProps {
  /** Whole dollars, as the bid carries them. */
  amount: number;
  projectName: string;
  developerUsername: string;
}

/** The payment page's summary: the bid, the platform's 10%, the developer's 90%, and a total equal to the bid. */
export function PaymentSummaryCard({ amount, projectName, developerUsername }: PaymentSummaryCardProps) {
  const split = amount > 0 ? splitPayment(dollarsToCents(amount)) : { amountCents: 0, platformFeeCents: 0, developerAmountCents: 0 };
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
          <SummaryRow label="Bid amount" value={formatDollars(split.amountCents)} />
          <SummaryRow label="Platform fee (10%)" value={formatDollars(split.platformFeeCents)} muted />
          <SummaryRow label="Developer receives (90%)" value={formatDollars(split.developerAmountCents)} muted />
          <SummaryRow label="Total" value={formatDollars(split.amountCents)} strong />
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
