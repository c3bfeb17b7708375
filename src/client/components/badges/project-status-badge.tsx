import { projectStatusLabel } from '#shared/domain/project-status.js';
import { Badge, type BadgeProps } from '#client/components/ui/badge.js';

const variantByStatus: Record<string, BadgeProps['variant']> = {
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
  return <Badge variant={variantByStatus[status] ?? 'outline'}>{projectStatusLabel(status)}</Badge>;
}
