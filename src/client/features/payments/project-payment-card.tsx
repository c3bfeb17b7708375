import type { ProjectDetail } from '#shared/contracts/projects.js';
import type { PaymentStatus } from '#shared/domain/payment-status.js';
import { PLATFORM_FEE_PERCENT } from '#shared/domain/money.js';
import { isParty, type Person } from '#shared/domain/policies.js';
import { DealMoneyList } from '#client/components/deal-money-list.js';
import { Badge, type BadgeProps } from '#client/components/ui/badge.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { useDeal } from '#client/features/deal/api.js';

const statusLabels: Record<PaymentStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Awaiting payment', variant: 'warning' },
  held: { label: 'Held in escrow', variant: 'info' },
  released: { label: 'Released to developer', variant: 'success' },
  refunded: { label: 'Refunded', variant: 'muted' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/**
 * The project page's payment card for its owner and assigned finisher: the deal's money view as the
 * server answers it (decision 047), each payment and the totals. Renders nothing for anyone else,
 * before any payment, or while loading.
 */
export function ProjectPaymentCard({ project, user }: { project: ProjectDetail; user: Person }) {
  const isDealParty = project.finisherId !== null && isParty(user, project);
  const { data: deal } = useDeal(project.id, isDealParty);
  const money = isDealParty ? deal?.money : null;
  if (!money) return null;
  // The deal's own payment, first of the view: the badge says where it is.
  const status = statusLabels[money.payments[0]!.status];

  return (
    <Card role="region" aria-labelledby="project-payment-title" className="gap-4">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id="project-payment-title">Payment</CardTitle>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <CardDescription>The platform keeps {PLATFORM_FEE_PERCENT}% of what is paid out; the developer receives the rest.</CardDescription>
      </CardHeader>
      <CardContent>
        <DealMoneyList money={money} />
      </CardContent>
    </Card>
  );
}
