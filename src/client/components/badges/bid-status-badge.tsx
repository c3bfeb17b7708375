import { bidStatusLabel, type BidStatus } from '#shared/domain/bid-lifecycle.js';
import { Badge, type BadgeProps } from '#client/components/ui/badge.js';

/** Spec section 4: pending yellow, accepted green, rejected red; paid and completed a neutral blue. */
const variantByStatus: Record<BidStatus, BadgeProps['variant']> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'destructive',
  paid: 'info',
  completed: 'info',
};

export function BidStatusBadge({ status }: { status: BidStatus }) {
  return <Badge variant={variantByStatus[status] ?? 'outline'}>{bidStatusLabel(status)}</Badge>;
}
