import type { ReactNode } from 'react';
import { Clock, HandCoins, Landmark, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { FinisherEarnings, OwnerSpending } from '#shared/contracts/earnings.js';
import { formatMoney } from '#shared/domain/money.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { StatCard } from '#client/components/stat-card.js';
import { MonthChart } from './month-chart.js';
import { MoneyByMonthTable } from './money-by-month-table.js';

const money = (cents: number) => formatMoney(cents, { showCents: true });

function MonthsCard({ children }: { children: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">The last 12 months</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  );
}

/** A finisher's earnings, as the server counted them from the ledger. */
export function FinisherEarningsView({ earnings }: { earnings: FinisherEarnings }) {
  const { totals } = earnings;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Held" value={money(totals.heldCents)} icon={Landmark} />
        <StatCard label="Released" value={money(totals.releasedCents)} icon={HandCoins} />
        <StatCard label="Pending payout" value={money(totals.pendingPayoutCents)} icon={Clock} />
      </div>
      <p className="text-sm text-muted-foreground">
        Held is the money paid into your deals and not yet released. Released is what was paid out to you, after Finishline’s fee ({money(totals.feeCents)} so
        far).{' '}
        {totals.pendingPayoutCents > 0 && !earnings.hasPayoutAccount ? (
          <>
            Pending payout is due to you now and waits for your payout account:{' '}
            <Link to="/profile?tab=skills" className="font-medium text-primary underline-offset-4 hover:underline">
              set up payouts
            </Link>
            .
          </>
        ) : null}
      </p>
      <MonthsCard>
        <MonthChart title="Released to you per month" bars={earnings.months.map((m) => ({ month: m.month, cents: m.releasedCents }))} />
        <MoneyByMonthTable
          caption="Your earnings per month"
          rows={earnings.months}
          columns={[
            { label: 'Paid into your deals', cents: (m) => m.paidCents },
            { label: 'Released to you', cents: (m) => m.releasedCents },
            { label: 'Platform fee', cents: (m) => m.feeCents },
          ]}
        />
      </MonthsCard>
    </div>
  );
}

/** An owner's spending: the spec's Total Spending and its items, as the server counted them from the ledger. */
export function OwnerSpendingView({ spending }: { spending: OwnerSpending }) {
  const { totals } = spending;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Spending" value={money(totals.netCents)} icon={Wallet} />
        <StatCard label="Paid" value={money(totals.paidCents)} icon={HandCoins} />
        <StatCard label="Refunded" value={money(totals.refundedCents)} icon={Clock} />
        <StatCard label="Still held" value={money(totals.heldCents)} icon={Landmark} />
      </div>
      <p className="text-sm text-muted-foreground">Total Spending is what you paid less what was refunded to you. Still held is paid money not yet released.</p>
      <MonthsCard>
        <MonthChart title="Paid per month" bars={spending.months.map((m) => ({ month: m.month, cents: m.paidCents }))} />
        <MoneyByMonthTable
          caption="Your spending per month"
          rows={spending.months}
          columns={[
            { label: 'Paid', cents: (m) => m.paidCents },
            { label: 'Refunded', cents: (m) => m.refundedCents },
            { label: 'Total Spending', cents: (m) => m.netCents },
          ]}
        />
      </MonthsCard>
    </div>
  );
}
