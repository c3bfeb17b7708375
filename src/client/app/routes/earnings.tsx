import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { errorMessage } from '#client/lib/api.js';
import { useEarnings } from '#client/features/earnings/api.js';
import { FinisherEarningsView, OwnerSpendingView } from '#client/features/earnings/earnings-view.js';
import { StatementExport } from '#client/features/earnings/statement-export.js';

/** /earnings and /spending: the person's own money; which one the server answers follows their role. */
export default function EarningsPage() {
  const { user } = useUser();
  if (!user) return <PageSpinner label="Loading your account" />;
  return <Earnings userId={user.id} />;
}

function Earnings({ userId }: { userId: number }) {
  const earnings = useEarnings(userId);
  const data = earnings.data;
  const title = data?.role === 'owner' ? 'Spending' : 'Earnings';
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{data ? title : 'Your money'}</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        {data?.role === 'owner'
          ? 'What you paid for your projects, from the ledger of every payment.'
          : 'What your deals hold and paid out to you, from the ledger of every payment.'}
        {data ? ` Months are counted in your time zone (${data.timeZone}).` : null}
      </p>
      {earnings.isPending ? (
        <PageSpinner label="Loading your money" />
      ) : earnings.isError ? (
        <p role="alert" className="rounded-xl border px-6 py-10 text-center text-muted-foreground">
          {errorMessage(earnings.error, 'Your figures could not be loaded. Please try again later.')}
        </p>
      ) : data?.role === 'owner' ? (
        <OwnerSpendingView spending={data} />
      ) : data ? (
        <FinisherEarningsView earnings={data} />
      ) : null}
      <div className="mt-6">
        <StatementExport userId={userId} />
      </div>
    </div>
  );
}
