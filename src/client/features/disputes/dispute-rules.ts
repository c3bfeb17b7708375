import type { Dispute, DisputeOffer, OperatorQueueItem } from '#shared/contracts/disputes.js';
import { canTakeDisputeStep, type DisputeSide, type DisputeStatus, type DisputeStep, otherSide } from '#shared/domain/dispute.js';
import type { BadgeProps } from '#client/components/ui/badge.js';
import { formatDays } from '#client/lib/format.js';

/** The status badge of a dispute, in the words the operator queue's tabs use too. */
export const disputeStatusBadges: Record<DisputeStatus, { label: string; variant: BadgeProps['variant'] }> = {
  negotiating: { label: 'Negotiating', variant: 'warning' },
  with_operator: { label: 'Waiting for a ruling', variant: 'info' },
  settled: { label: 'Settled', variant: 'success' },
};

/** The spec's words for the two sides: the client (owner) and the developer (finisher). */
export const sideLabels: Record<DisputeSide, string> = { owner: 'Client', finisher: 'Developer' };

/** A side's latest offer (offers come oldest first), or null before it made one. */
export function latestOffer(offers: readonly DisputeOffer[], side: DisputeSide): DisputeOffer | null {
  for (let index = offers.length - 1; index >= 0; index -= 1) {
    if (offers[index]!.side === side) return offers[index]!;
  }
  return null;
}

/** The side the viewer is on, or null for an operator (who reads and rules, never bargains). */
export const viewerSide = (dispute: Pick<Dispute, 'viewer'>): DisputeSide | null => (dispute.viewer === 'operator' ? null : dispute.viewer);

/** What a party may do now: offer and add evidence until it settles; ask the operator only while negotiating. */
export function partyControls(dispute: Pick<Dispute, 'viewer' | 'status' | 'offers'>) {
  const side = viewerSide(dispute);
  const may = (step: DisputeStep) => side !== null && canTakeDisputeStep(step, dispute.status);
  const theirs = side === null ? null : latestOffer(dispute.offers, otherSide(side));
  return {
    side,
    canOffer: may('offer'),
    canAddEvidence: may('addEvidence'),
    canEscalate: may('escalate'),
    /** The other side's latest offer, which this party may accept (never an older one, never once accepted). */
    acceptable: may('acceptOffer') && theirs !== null && theirs.acceptedAt === null ? theirs : null,
  };
}

/** An operator rules once the dispute was sent to them (the shared rule the server applies). */
export const canRule = (dispute: Pick<Dispute, 'viewer' | 'status'>): boolean => dispute.viewer === 'operator' && canTakeDisputeStep('rule', dispute.status);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How long a queued dispute has waited: since it reached the operator, else since it opened.
 * '3 days', '1 day', '5 hours', 'under an hour'.
 */
export function disputeAge(item: Pick<OperatorQueueItem, 'openedAt' | 'escalatedAt'>, now: Date): string {
  const since = new Date(item.escalatedAt ?? item.openedAt).getTime();
  if (Number.isNaN(since)) return 'Unknown';
  const elapsed = Math.max(0, now.getTime() - since);
  if (elapsed >= DAY) return formatDays(Math.floor(elapsed / DAY));
  const hours = Math.floor(elapsed / HOUR);
  if (hours === 0) return 'under an hour';
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** A file's size for its link: '812 bytes', '14 KB', '2.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const isImageFile = (type: string): boolean => type.startsWith('image/');
