import { bidStatusLabel, type BidStatus } from '#shared/domain/bid-lifecycle.js';
import { projectStatusLabel } from '#shared/domain/project-status.js';
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

export function BidStatusBadge({ status }: { status: BidStatus }) {
  return <Badge variant={bidVariantByStatus[status] ?? 'outline'}>{bidStatusLabel(status)}</Badge>;
}

const projectVariantByStatus: Record<string, BadgeProps['variant']> = {
  open: 'success',
  active: 'success',
  assigned: 'info',
  in_progress: 'info',
  paid: 'info',
  completed: 'secondary',
  accepted: 'secondary',
  paused: 'warning',
  cancelled: 'destructive',
};

export function ProjectStatusBadge({ status }: { status: string }) {
  return <Badge variant={projectVariantByStatus[status] ?? 'outline'}>{projectStatusLabel(status)}</Badge>;
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
