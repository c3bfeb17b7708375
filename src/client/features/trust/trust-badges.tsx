import { BadgeCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { TrustRecord } from '#shared/contracts/trust.js';
import { type Badge as TrustBadge, earnedBadges } from '#shared/domain/badges.js';
import { badgeVariants } from '#client/components/ui/badge.js';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '#client/components/ui/tooltip.js';
import { cn } from '#client/lib/utils.js';
import { type TrustSide, trustFacts } from './trust-facts.js';

/** The page every badge's rule is written on. */
export const BADGES_PAGE = '/badges';

function EarnedBadge({ badge }: { badge: TrustBadge }) {
  const ruleId = useId();
  return (
    <li>
      <Tooltip>
        <TooltipTrigger asChild>
          {/* The rule is the badge's description for a screen reader too, not only a tooltip for a pointer. */}
          <Link
            to={`${BADGES_PAGE}#${badge.id}`}
            aria-describedby={ruleId}
            className={cn(badgeVariants({ variant: 'success' }), 'hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none')}
          >
            <BadgeCheck aria-hidden="true" />
            {badge.label}
          </Link>
        </TooltipTrigger>
        <TooltipContent className="max-w-xs whitespace-normal">{badge.rule}</TooltipContent>
      </Tooltip>
      {/* Hidden, yet a description still: read once with the badge, not again as the list's text. */}
      <span id={ruleId} hidden>
        {badge.rule}
      </span>
    </li>
  );
}

interface TrustBadgesProps {
  record: TrustRecord;
  /** Which side's facts to list: a developer's deals or a client's. */
  side: TrustSide;
  /** Only the badges and the link to their rules, where a page has no room for the facts (a project's header). */
  isCompact?: boolean;
  /** Names the badges list, so two people's badges on one page are told apart. */
  label?: string;
}

/**
 * Trust from facts (issue 30, item 7): the badges a person's record earns, each with its rule as
 * its description, a compact list of the facts behind them, and the way to every badge's rule.
 */
export function TrustBadges({ record, side, isCompact = false, label = 'Badges' }: TrustBadgesProps) {
  const earned = earnedBadges(record);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {earned.length > 0 ? (
          <TooltipProvider>
            <ul aria-label={label} className="flex flex-wrap gap-1.5">
              {earned.map((badge) => (
                <EarnedBadge key={badge.id} badge={badge} />
              ))}
            </ul>
          </TooltipProvider>
        ) : (
          <p className="text-sm text-muted-foreground">No badges yet</p>
        )}
        <Link to={BADGES_PAGE} className="text-sm text-primary underline-offset-4 hover:underline">
          How badges work
        </Link>
      </div>
      {isCompact ? null : (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm min-[400px]:grid-cols-2">
          {trustFacts(record, side).map((fact) => (
            <div key={fact.label} className="flex flex-wrap justify-between gap-x-3 border-b pb-1">
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="font-medium">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
