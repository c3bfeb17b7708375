import type { Payment } from '#shared/contracts/payments.js';
import { formatMoney } from '#shared/domain/money.js';
import { Badge, type BadgeProps } from '#client/components/ui/badge.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { useUser } from '#client/lib/auth.js';
import { useProjectPayment } from './api.js';

const statusLabels: Record<Payment['status'], { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Awaiting payment', variant: 'warning' },
  held: { label: 'Held in escrow', variant: 'info' },
  released: { label: 'Released to developer', variant: 'success' },
  refunded: { label: 'Refunded', variant: 'muted' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/**
 * The project page's payment summary for its owner and assigned finisher: where the money is and
 * how it splits. Renders nothing for anyone else, before any payment, or while loading.
 */
export function ProjectPaymentCard({ projectId }: { projectId: number }) {
  const { user } = useUser();
  const { data: payment } = useProjectPayment(projectId, user !== null);
  if (!payment) return null;
  const status = statusLabels[payment.status];

  return (
    <Card role="region" aria-labelledby="project-payment-title" className="gap-4">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id="project-payment-title">Payment</CardTitle>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <CardDescription>The platform keeps 10%; the developer receives 90%.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          <Row label="Amount" value={formatMoney(payment.amountCents)} />
          <Row label="Platform fee (10%)" value={formatMoney(payment.platformFeeCents)} />
          <Row label="Developer receives (90%)" value={formatMoney(payment.developerAmountCents)} />
          {payment.releasedCents > 0 ? <Row label="Amount released" value={formatMoney(payment.releasedCents)} /> : null}
          {payment.refundedCents > 0 ? <Row label="Amount refunded" value={formatMoney(payment.refundedCents)} /> : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
