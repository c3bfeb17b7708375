import type { BidStatus } from '#shared/domain/bid-lifecycle.js';
import type { DealStage } from '#shared/domain/deal-machine.js';
import { bidLabelOf, bidShowsStage, projectLabelOf } from '#shared/domain/deal-stage-labels.js';
import { Badge, type BadgeProps } from '#client/components/ui/badge.js';
import { cn } from '#client/lib/utils.js';

// The badges several features show (project and bid statuses, a tech stack), in one module: the
// pages that show them then share one small chunk instead of three.

/** Spec section 4: pending yellow, accepted green, rejected red; paid and completed a neutral blue. */
const bidVariantByStatus: Record<BidStatus, BadgeProps['variant']> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'destructive',
  paid: 'info',
  completed: 'info',
  // Issue 18: taken back by the finisher, or turned down by the owner.
  withdrawn: 'muted',
  declined: 'destructive',
  // Decision 037: accepted, then not paid within the payment window.
  lapsed: 'muted',
};

/**
 * A bid's status; the winning bid shows its deal's stage where the server sent one (issue 28, item 8),
 * in the stage's words and colour.
 */
export function BidStatusBadge({ status, dealStage }: { status: BidStatus; dealStage?: DealStage | null }) {
  const variant = bidShowsStage(status, dealStage) ? stageVariants[dealStage] : bidVariantByStatus[status];
  return (
    <Badge data-testid="status-badge" variant={variant ?? 'outline'}>
      {bidLabelOf({ status }, dealStage)}
    </Badge>
  );
}

/** One colour per deal stage: waiting on someone amber, running blue, trouble red, done green. */
const stageVariants: Record<DealStage, BadgeProps['variant']> = {
  open: 'success',
  awaiting_payment: 'warning',
  in_progress: 'info',
  revision_requested: 'warning',
  delivered: 'info',
  money_settled: 'secondary',
  cancellation_requested: 'warning',
  cancellation_objected: 'destructive',
  dispute_awaiting_response: 'destructive',
  dispute_negotiating: 'destructive',
  dispute_with_operator: 'destructive',
  completed: 'success',
  cancelled: 'muted',
};

const projectVariantByStatus: Record<string, BadgeProps['variant']> = {
  open: 'success',
  active: 'success',
  assigned: 'info',
  in_progress: 'info',
  paid: 'info',
  completed: 'info',
  accepted: 'success',
  paused: 'warning',
  cancelled: 'muted',
};

/**
 * A project's status: its deal stage for the deal's two parties (the server sends the stage with
 * their projects), its public status for everyone else.
 */
export function ProjectStatusBadge({ status, dealStage }: { status: string; dealStage?: DealStage | null }) {
  const variant = dealStage && dealStage !== 'open' ? stageVariants[dealStage] : projectVariantByStatus[status];
  return (
    <Badge data-testid="status-badge" variant={variant ?? 'outline'}>
      {projectLabelOf({ status, dealStage })}
    </Badge>
  );
}

export function TechBadges({ techStack, className }: { techStack: readonly string[]; className?: string }) {
  if (techStack.length === 0) return null;
  return (
    <ul aria-label="Tech stack" className={cn('flex flex-wrap gap-1.5', className)}>
      {techStack.map((tech) => (
        <li key={tech}>
          <Badge variant="secondary">{tech}</Badge>
        </li>
      ))}
    </ul>
  );
}
