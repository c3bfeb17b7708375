import { AlertTriangle, ArrowLeft, CheckCircle2 } from 'lucide-react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { signInPath } from '#client/lib/return-path.js';
import { useBid } from '#client/features/bids/api.js';
import { CheckoutLaunchPanel } from '#client/features/payments/checkout-launch-panel.js';
import { bidPaymentState } from '#client/features/payments/payment-rules.js';
import { PaymentSummaryCard } from '#client/features/payments/payment-summary-card.js';
import { useCheckoutLauncher } from '#client/features/payments/use-checkout-launcher.js';
import { notChargedText } from '#client/features/payments/use-checkout-success-toast.js';
import { usePaymentPageRules } from '#client/features/payments/use-payment-page-rules.js';

/**
 * Payment for an accepted bid, at /payment/bid/{bidId} and /checkout/{bidId}. Both routes are
 * public in the route table, so the page itself waits for the user and sends a visitor to /auth.
 */
export default function PaymentPage() {
  const bidId = Number(useParams().bidId);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { user, isLoading: isUserLoading } = useUser();
  const isValidId = Number.isInteger(bidId) && bidId > 0;
  const { data: bid, isPending, isError } = useBid(bidId, Boolean(user));
  // The provider's cancel URL carries ?canceled=true; any value of the flag counts.
  const isCanceled = searchParams.has('canceled');
  usePaymentPageRules(bid, isCanceled);
  const { isBusy, launch } = useCheckoutLauncher(bidId);

  if (isUserLoading) return <PageSpinner label="Loading your account" />;
  if (!user) return <Navigate to={signInPath(location)} replace />;
  if (!isValidId || isError) return <BidLoadError />;
  if (isPending) return <PageSpinner label="Loading bid" />;
  if (bidPaymentState(bid) === 'paid') return <BidPaid projectId={bid.projectId} projectName={bid.project.name} />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Button asChild variant="ghost" className="-ml-3 mb-6">
        <Link to={`/projects/${bid.projectId}`}>
          <ArrowLeft aria-hidden="true" /> Back to Project
        </Link>
      </Button>
      <h1 className="text-3xl font-bold tracking-tight">Complete Your Payment</h1>
      <p className="mt-2 text-muted-foreground">
        Pay for {bid.finisher.username}'s accepted bid on {bid.project.name}.
      </p>
      {isCanceled ? (
        <p role="status" className="mt-6 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
          {notChargedText} The bid is still accepted and waits for your payment.
        </p>
      ) : null}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <CheckoutLaunchPanel isBusy={isBusy} onProceed={launch} />
        <PaymentSummaryCard amountCents={bid.amountCents ?? 0} projectName={bid.project.name} developerUsername={bid.finisher.username} />
      </div>
    </div>
  );
}

/** A paid bid invites no second payment: its page says it is paid and leads back to the project. */
function BidPaid({ projectId, projectName }: { projectId: number; projectName: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-600" />
      <h1 className="text-2xl font-bold tracking-tight">This bid is paid</h1>
      <p className="text-muted-foreground">The payment for {projectName} is complete: there is nothing more to pay.</p>
      <Button asChild>
        <Link to={`/projects/${projectId}`}>Back to Project</Link>
      </Button>
    </div>
  );
}

function BidLoadError() {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <AlertTriangle aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="text-2xl font-bold tracking-tight">Error Loading Bid</h1>
      <p className="text-muted-foreground">We couldn't load the bid details. This bid may have been removed or you may not have permission to view it.</p>
      <Button asChild>
        <Link to="/dashboard">Return to Dashboard</Link>
      </Button>
    </div>
  );
}
