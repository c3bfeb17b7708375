import type { Deal } from '#shared/contracts/deal.js';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { isAssignedFinisher, isOwner, isParty, isWinningBid, type Person } from '#shared/domain/policies.js';
import { repositoryAccessWanted } from '#shared/domain/repository-access.js';
import { GitBranch } from 'lucide-react';
import { Link } from 'react-router';
import { MergePullRequestButton } from '#client/components/merge-pull-request-button.js';
import { PullRequestCard } from '#client/components/pull-request-card.js';
import { RepositoryAccessLine } from '#client/components/repository-access-line.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { useGithubLinkHref, useMergeSandboxPull } from '#client/features/repositories/api.js';
import { useStatementOfWork } from '#client/features/scope/api.js';
import { canMergeOnSandbox, SANDBOX_GIT_PATH } from '#client/lib/sandbox-git-rules.js';
import { useDeal } from './api.js';
import { CancellationCard } from './cancellation-card.js';
import { DealClockCard } from './deal-clock-card.js';
import { DealDisputeCard } from './deal-dispute-card.js';
import type { DealNames } from '#client/components/deal-history-list.js';
import { openRevisionRequest } from './deal-format.js';
import { DealHistoryCard } from './deal-history-card.js';
import { PayoutWaitingCard } from './payout-waiting-card.js';
import { RevisionCallout } from './revision-callout.js';

interface DealPanelProps {
  project: ProjectDetail;
  user: Person;
}

/**
 * The deal of a project with an assigned finisher, for its two parties only (the server refuses
 * anyone else). Each panel reads the one cached deal query; they render nothing until it has arrived.
 */
function useProjectDeal({ project, user }: DealPanelProps) {
  const isDealParty = project.finisherId !== null && isParty(user, project);
  const { data: deal } = useDeal(project.id, isDealParty);
  const names: DealNames = { owner: project.submitter.username, finisher: project.finisher?.username ?? 'The developer' };
  return { deal: isDealParty ? deal : undefined, names };
}

/** Near the top of the page: the clock, an unsettled cancellation with the finisher's answer, and the dispute. */
export function DealClockPanels(props: DealPanelProps) {
  const { deal, names } = useProjectDeal(props);
  if (!deal) return null;
  const isFinisher = isAssignedFinisher(props.user, props.project);
  const viewer = isFinisher ? 'finisher' : 'owner';
  return (
    <>
      <DealClockCard deal={deal} names={names} viewer={viewer} paymentHref={paymentHrefOf(props)} />
      {isFinisher ? <PayoutWaitingCard deal={deal} /> : null}
      {deal.cancellation ? (
        <CancellationCard
          projectId={props.project.id}
          cancellation={deal.cancellation}
          names={names}
          heldCents={deal.money?.heldCents ?? deal.cancellation.refundCents}
          canAnswer={isFinisher}
        />
      ) : null}
      <DealDisputeCard deal={deal} projectId={props.project.id} viewer={viewer} />
    </>
  );
}

/** Where the owner pays the accepted bid (the spec's 'Proceed to Payment' page), while it is not paid. */
function paymentHrefOf({ project, user }: DealPanelProps): string | null {
  const winner = project.bids.find(isWinningBid);
  return isOwner(user, project) && !project.isPaid && winner?.status === 'accepted' ? `/payment/bid/${winner.id}` : null;
}

/** For the assigned finisher, beside the delivery panel: the reason of the revision they are working on. */
export function DealRevisionCallout(props: DealPanelProps) {
  const { deal, names } = useProjectDeal(props);
  const request = deal && isAssignedFinisher(props.user, props.project) ? openRevisionRequest(deal.history) : null;
  return request?.message ? <RevisionCallout request={request} owner={names.owner} /> : null;
}

/** Every step of the deal, for both parties. */
export function DealHistoryPanel(props: DealPanelProps) {
  const { deal, names } = useProjectDeal(props);
  // A delivery's evidence is labelled with its agreed criterion (the statement of work's query, shared with the delivery panels).
  const hasEvidence = deal?.history.some((entry) => (entry.evidence?.length ?? 0) > 0) ?? false;
  const { data: statement } = useStatementOfWork(props.project.id, hasEvidence);
  const criterionText = (id: number) => statement?.criteria.find((criterion) => criterion.id === id)?.text;
  return deal ? <DealHistoryCard history={deal.history} names={names} criterionText={criterionText} /> : null;
}

/**
 * Beside the agreed criteria (issue 29): the developer's push access to the connected repository and
 * the pull request the work was delivered with, as the deal answer gives them.
 */
export function DealRepositoryPanels(props: DealPanelProps) {
  const { deal } = useProjectDeal(props);
  const repository = props.project.repository;
  const viewer = isAssignedFinisher(props.user, props.project) ? 'finisher' : 'owner';
  // Read defensively: a server without issue 29's fields yet must not break the deal screens.
  const access = deal ? (deal.repositoryAccess as Deal['repositoryAccess'] | undefined) : undefined;
  // The paid finisher of a GitHub repository with no linked account: the job cannot invite them until they link.
  const isWaitingForGithub =
    viewer === 'finisher' &&
    repository?.provider === 'github' &&
    access?.status === 'none' &&
    deal != null &&
    repositoryAccessWanted(deal.stage, { isOptedOut: !props.project.grantRepositoryAccess }) === 'granted';
  // Asked only then; null on the sandbox host or once linked, so nothing shows.
  const linkGithubHref = useGithubLinkHref(isWaitingForGithub);
  if (!deal) return null;
  const hasAccessLine = Boolean(repository) && access !== undefined && (access.status !== 'none' || (isWaitingForGithub && linkGithubHref !== null));
  // On the sandbox host git needs a personal token: the finisher gets one from the sandbox git page.
  const needsToken = viewer === 'finisher' && repository?.provider === 'sandbox' && access?.status === 'granted';
  const pullRequest = deal.pullRequest;
  const canMerge =
    pullRequest !== null &&
    pullRequest !== undefined &&
    canMergeOnSandbox({ isOwner: isOwner(props.user, props.project), provider: repository?.provider, state: pullRequest.state });
  return (
    <>
      {hasAccessLine ? (
        <Card className="gap-3" role="region" aria-labelledby="deal-repository-heading">
          <CardHeader>
            <CardTitle id="deal-repository-heading" className="flex min-w-0 items-center gap-2">
              <GitBranch aria-hidden="true" className="size-5 shrink-0" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{repository?.fullName}</span>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <RepositoryAccessLine access={access} viewer={viewer} linkGithubHref={isWaitingForGithub ? linkGithubHref : null} />
            {needsToken ? (
              <p className="text-sm">
                <Link to={SANDBOX_GIT_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
                  Get a token to push
                </Link>
              </p>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {pullRequest ? (
        <PullRequestCard
          pullRequest={pullRequest}
          action={
            canMerge && repository ? (
              <SandboxMergeButton repositoryId={repository.id} number={pullRequest.number} mergeAcceptsDelivery={props.project.mergeAcceptsDelivery} />
            ) : null
          }
        />
      ) : null}
    </>
  );
}

/** The owner's merge on the sandbox host; what it does to the deal arrives from the server afterwards. */
function SandboxMergeButton({ repositoryId, number, mergeAcceptsDelivery }: { repositoryId: number; number: number; mergeAcceptsDelivery: boolean }) {
  const merge = useMergeSandboxPull();
  return (
    <MergePullRequestButton
      mergeAcceptsDelivery={mergeAcceptsDelivery}
      isPending={merge.isPending || merge.isSuccess}
      onMerge={() => merge.mutate({ repositoryId, number })}
    />
  );
}
