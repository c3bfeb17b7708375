import type { MilestoneStatus } from '#shared/domain/milestone-lifecycle.js';
import { Badge, type BadgeProps } from '#client/components/ui/badge.js';

const statusBadges: Record<MilestoneStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  completed: { label: 'Completed', variant: 'info' },
  approved: { label: 'Approved', variant: 'success' },
};

export function MilestoneStatusBadge({ status }: { status: MilestoneStatus }) {
  const { label, variant } = statusBadges[status];
  return <Badge variant={variant}>{label}</Badge>;
}
