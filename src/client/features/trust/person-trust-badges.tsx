import { Spinner } from '#client/components/ui/spinner.js';
import { useTrustRecord } from './api.js';
import { TrustBadges } from './trust-badges.js';
import type { TrustSide } from './trust-facts.js';

interface PersonTrustBadgesProps {
  userId: number;
  side: TrustSide;
  isCompact?: boolean;
  label?: string;
}

/**
 * A person's badges and facts, loaded from their record. A record that fails to load shows nothing:
 * the page it sits on (a profile, a project) is whole without it.
 */
export function PersonTrustBadges({ userId, side, isCompact, label }: PersonTrustBadgesProps) {
  const record = useTrustRecord(userId);
  if (record.isPending) return <Spinner className="size-4" label="Loading badges" />;
  if (!record.data) return null;
  return <TrustBadges record={record.data} side={side} isCompact={isCompact} label={label} />;
}
