import { ChevronRight } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useDispute } from '#client/features/disputes/api.js';
import { canRule, sideLabels } from '#client/features/disputes/dispute-rules.js';
import { DisputeEvidenceCard } from '#client/features/disputes/dispute-evidence-card.js';
import { DisputeOffersCard } from '#client/features/disputes/dispute-offers-card.js';
import { DisputeOverviewCard, DisputeStatusBadge } from '#client/features/disputes/dispute-overview-card.js';
import { DisputeRecordCard } from '#client/features/disputes/dispute-record-card.js';
import { DisputeUnavailable } from '#client/features/disputes/dispute-unavailable.js';
import { RulingCard } from '#client/features/disputes/ruling-form.js';
import { ApiError } from '#client/lib/api.js';
import { StatementOfWorkCard } from '#client/features/scope/statement-of-work-card.js';

/** A dispute over held money (issue 15), for its two parties and Finishline's operators. */
export default function DisputePage() {
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const { data: dispute, error, isPending } = useDispute(id);

  if (!isValidId) return <DisputeUnavailable what="dispute" error={new ApiError(404, 'NOT_FOUND', 'Not found')} />;
  if (error) return <DisputeUnavailable what="dispute" error={error} />;
  if (isPending) return <PageSpinner label="Loading the dispute" />;

  const opener = dispute.openedBy === 'owner' ? dispute.owner.username : dispute.finisher.username;
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link to={dispute.viewer === 'operator' ? '/operator/disputes' : '/dashboard'} className="hover:text-foreground hover:underline">
              {dispute.viewer === 'operator' ? 'Disputes' : 'Dashboard'}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li>
            <Link to={`/projects/${dispute.projectId}`} className="hover:text-foreground hover:underline">
              Project
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-foreground">
            Dispute
          </li>
        </ol>
      </nav>
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">Dispute: {dispute.projectName}</h1>
          <DisputeStatusBadge status={dispute.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          Between {dispute.owner.username} (client) and {dispute.finisher.username} (developer). Opened by {opener} (
          {sideLabels[dispute.openedBy].toLowerCase()}):
        </p>
        <p className="rounded-md bg-muted/60 p-3 text-sm break-words whitespace-pre-line" data-testid="dispute-reason">
          {dispute.reason}
        </p>
      </header>
      <DisputeOverviewCard dispute={dispute} />
      <StatementOfWorkCard projectId={dispute.projectId} enabled />
      {canRule(dispute) ? <RulingCard dispute={dispute} /> : null}
      <DisputeOffersCard dispute={dispute} />
      <DisputeEvidenceCard dispute={dispute} />
      <DisputeRecordCard dispute={dispute} />
    </div>
  );
}
