import { ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isOpenForBids } from '#shared/domain/project-lifecycle.js';
import { canReadDelivery, isAllowed, isAssignedFinisher, isOwner, projectActorOf } from '#shared/domain/policies.js';
import { projectLifecycle } from '#shared/domain/project-lifecycle.js';
import { Button } from '#client/components/ui/button.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { ApplyButton } from '#client/features/bids/apply-dialog.js';
import { ProjectBidsCard } from '#client/features/bids/project-bids-card.js';
import { MilestonesCard } from '#client/features/milestones/milestones-card.js';
import { AwaitingPaymentCard } from '#client/features/deal/awaiting-payment-card.js';
import { useDeal } from '#client/features/deal/api.js';
import { DealClockPanels, DealHistoryPanel, DealRepositoryPanels, DealRevisionCallout } from '#client/features/deal/deal-panels.js';
import { DealLedgerCard } from '#client/features/ledger/deal-ledger-card.js';
import { DeliveryPanel } from '#client/features/projects/delivery-panel.js';
import { ProjectPaymentCard } from '#client/features/payments/project-payment-card.js';
import { useCheckoutSuccessToast } from '#client/features/payments/use-checkout-success-toast.js';
import { EditProjectButton } from '#client/features/projects/edit-project-dialog.js';
import { ProjectControls } from '#client/features/projects/project-controls.js';
import { ProjectReviewsPanel } from '#client/features/reviews/project-reviews-panel.js';
import { ProjectOverviewCard } from '#client/features/projects/project-overview-card.js';
import { DeliveryReviewPanel } from '#client/features/projects/delivery-review-panel.js';
import { useProject } from '#client/features/projects/api.js';
import { StatementOfWorkCard } from '#client/features/scope/lazy-statement-of-work-card.js';
import { ChangeOrdersCard } from '#client/features/change-orders/change-orders-card.js';
import { RepositoryReportCard } from '#client/features/repositories/lazy-repository-report-card.js';
import { SuggestedFinishersCard } from '#client/features/finishers/lazy-suggested-finishers-card.js';
import { ProjectInvitationsCard } from '#client/features/invitations/project-invitations-card.js';
import { PersonTrustBadges } from '#client/features/trust/person-trust-badges.js';
import { errorMessage, isApiError } from '#client/lib/api.js';

export default function ProjectDetailPage() {
  const id = Number(useParams().id);
  useCheckoutSuccessToast();
  const [searchParams] = useSearchParams();
  const { user, isLoading: userLoading } = useUser();
  const { data: project, isPending, error } = useProject(id);
  // The owner's cancel dialog says what cancelling does to the held money: the deal answer words it.
  const isDealOwner = Boolean(project && user && project.finisherId !== null && isOwner(user, project));
  const { data: deal } = useDeal(id, isDealOwner);
  const tab = searchParams.get('tab');
  const scrollTarget = tab === 'bids' || tab === 'milestones' ? tab : null;
  const isRendered = Boolean(project) && !userLoading;

  // ?tab=bids or ?tab=milestones (from a notification) brings that card into view once it is rendered.
  useEffect(() => {
    if (scrollTarget && isRendered) document.getElementById(scrollTarget)?.scrollIntoView({ block: 'start' });
  }, [scrollTarget, isRendered]);

  if (!Number.isInteger(id) || id <= 0 || error) {
    const notFound = !Number.isInteger(id) || id <= 0 || isApiError(error, 'NOT_FOUND');
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{notFound ? 'Project not found' : 'Error loading project'}</h1>
        <p className="text-muted-foreground">
          {notFound ? 'This project does not exist or is no longer available.' : errorMessage(error, 'Please try again later')}
        </p>
        <Button asChild variant="outline">
          <Link to="/projects">Browse Projects</Link>
        </Button>
      </div>
    );
  }
  if (isPending || userLoading) return <PageSpinner label="Loading project" />;

  const actor = projectActorOf(user, project);
  // The delivered work shows to both parties while it awaits the owner's review.
  // Money is held before work is delivered (issue 26): until then both parties read why, instead of the step.
  // The deal machine's stage and the viewer's allowed actions come with the project (issue 27), so
  // the server render and the client's first render show the same controls.
  const allowedActions = project.deal?.allowedActions ?? [];
  const isAwaitingPayment = project.deal?.stage === 'awaiting_payment';
  const showDelivery = canReadDelivery(user, project) && projectLifecycle.allows('acceptWork', project.status) && !isAwaitingPayment;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-6">
        <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link to="/dashboard" className="hover:text-foreground hover:underline">
              Dashboard
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-foreground">
            Project Details
          </li>
        </ol>
      </nav>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <ProjectOverviewCard
            project={project}
            isOwner={isOwner(user, project)}
            isAssignedFinisher={isAssignedFinisher(user, project)}
            ownerBadges={<PersonTrustBadges userId={project.submitterId} side="owner" isCompact label={`${project.submitter.username}'s badges`} />}
          />
          <DealClockPanels project={project} user={user} />
          <RepositoryReportCard projectId={project.id} hasRepository={Boolean(project.repository)} canRefresh={isOwner(user, project)} />
          {/* The scope and the payment are asked for by the deal's two parties alone, so no one else's
              page logs a refusal (issue 28, item 14). */}
          <StatementOfWorkCard projectId={project.id} enabled={project.finisherId !== null && canReadDelivery(user, project)} repository={project.repository} />
          <DealRepositoryPanels project={project} user={user} />
          <ChangeOrdersCard project={project} user={user} />
          {isAwaitingPayment ? <AwaitingPaymentCard viewer={actor === 'owner' ? 'owner' : 'finisher'} /> : null}
          {allowedActions.includes('deliver') ? (
            <>
              <DealRevisionCallout project={project} user={user} />
              <DeliveryPanel projectId={project.id} hasRepository={Boolean(project.repository)} />
            </>
          ) : null}
          {showDelivery ? (
            <DeliveryReviewPanel projectId={project.id} deliveryMessage={project.deliveryMessage} canReviewWork={allowedActions.includes('accept_work')} />
          ) : null}
          <DealHistoryPanel project={project} user={user} />
          <DealLedgerCard projectId={project.id} enabled={project.finisherId !== null && isAllowed('readLedger', user, project)} />
          <ProjectReviewsPanel project={project} user={user} />
          {/* Milestones begin with an assigned finisher; their amounts and notes are the parties'. */}
          {project.finisherId !== null && canReadDelivery(user, project) ? <MilestonesCard project={project} user={user} /> : null}
          <ProjectBidsCard project={project} user={user} />
        </div>
        <aside className="grid content-start gap-6" aria-label="Project actions">
          <ApplyButton project={project} user={user} />
          <EditProjectButton project={project} user={user} />
          <ProjectControls projectId={project.id} status={project.status} actor={actor} cancelNotice={isDealOwner ? deal?.cancelNotice : null} />
          {project.deal ? <ProjectPaymentCard project={project} user={user} /> : null}
          <ProjectInvitationsCard projectId={project.id} enabled={isOwner(user, project)} />
          <SuggestedFinishersCard projectId={project.id} enabled={isOwner(user, project) && isOpenForBids(project.status)} />
        </aside>
      </div>
    </div>
  );
}
