import { useSearchParams } from 'react-router';
import type { OperatorQueueItem } from '#shared/contracts/disputes.js';
import { disputeStatuses } from '#shared/domain/dispute.js';
import { isOperator } from '#shared/domain/roles.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.js';
import { useOperatorQueue } from '#client/features/disputes/api.js';
import { disputeStatusBadges } from '#client/features/disputes/dispute-rules.js';
import { DisputeUnavailable } from '#client/features/disputes/dispute-unavailable.js';
import { OperatorQueueTable } from '#client/features/disputes/operator-queue-table.js';
import { ApiError, errorMessage } from '#client/lib/api.js';
import { useUser } from '#client/lib/auth.js';

type QueueStatus = OperatorQueueItem['status'];
const tabOrder: QueueStatus[] = ['with_operator', 'negotiating', 'settled'];
const isQueueStatus = (value: string | null): value is QueueStatus => (disputeStatuses as readonly (string | null)[]).includes(value);

/** Finishline operators' dispute queue (issue 15): waiting for a ruling, still negotiating, settled. */
export default function OperatorDisputesPage() {
  const { user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: QueueStatus = isQueueStatus(requested) ? requested : 'with_operator';

  // The server refuses anyone else too; the page does not ask it for what it would refuse.
  if (!isOperator(user?.role)) return <DisputeUnavailable what="queue" error={new ApiError(403, 'FORBIDDEN', 'Operators only')} />;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Disputes</h1>
        <p className="text-muted-foreground">Oldest first. Open a dispute to read both sides and rule.</p>
      </div>
      <Tabs className="min-w-0" value={status} onValueChange={(next) => setSearchParams(next === 'with_operator' ? {} : { status: next }, { replace: true })}>
        {/* At 320 px the three tabs wrap onto two rows; each trigger then takes its own height. */}
        <TabsList>
          {tabOrder.map((value) => (
            <TabsTrigger key={value} value={value} className="h-auto py-1.5">
              {disputeStatusBadges[value].label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabOrder.map((value) => (
          <TabsContent key={value} value={value}>
            {value === status ? <QueueTab status={value} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function QueueTab({ status }: { status: QueueStatus }) {
  const queue = useOperatorQueue(status, true);
  if (queue.error) {
    return (
      <p role="alert" className="rounded-xl border px-6 py-10 text-center font-medium">
        {errorMessage(queue.error, 'Could not load the disputes')}
      </p>
    );
  }
  if (queue.isPending) return <PageSpinner label="Loading the disputes" />;
  return <OperatorQueueTable disputes={queue.data.disputes} caption={`Disputes: ${disputeStatusBadges[status].label.toLowerCase()}`} />;
}
