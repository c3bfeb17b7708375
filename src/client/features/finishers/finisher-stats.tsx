import { Briefcase, Star, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DeveloperStats } from '#shared/contracts/finishers.js';
import { DealRecordLine } from '#client/components/deal-record.js';
import { Card, CardContent } from '#client/components/ui/card.js';
import { StarRating } from '#client/components/ui/star-rating.js';
import { StatBar } from './stat-bar.js';

/** Spec section 9: the completed-projects bar is the count times 10, capped at 100. */
export function completedProjectsBar(count: number): number {
  return Math.min(count * 10, 100);
}

/** Spec section 9: the rating bar is the rating times 20. */
export function ratingBar(rating: number): number {
  return Math.min(rating * 20, 100);
}

function StatCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Card className="gap-3 py-5">
      <CardContent className="grid gap-3 px-5">
        <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          {icon}
          {label}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

/** Completed projects, acceptance rate and average rating of a public profile. */
export function FinisherStatCards({ stats }: { stats: DeveloperStats }) {
  const { completedProjects, acceptanceRate, bidCount, averageRating, reviewCount } = stats;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard icon={<Briefcase aria-hidden="true" className="size-4" />} label="Completed Projects">
          <p className="text-2xl font-bold tabular-nums">{completedProjects}</p>
          <StatBar value={completedProjectsBar(completedProjects)} label="Completed projects" />
        </StatCard>
        <StatCard icon={<TrendingUp aria-hidden="true" className="size-4" />} label="Acceptance Rate">
          {bidCount === 0 ? (
            <p className="text-sm text-muted-foreground">No bids yet</p>
          ) : (
            <>
              <p className="text-2xl font-bold tabular-nums">{acceptanceRate}%</p>
              <p className="text-xs text-muted-foreground">of bids accepted</p>
            </>
          )}
        </StatCard>
        <StatCard icon={<Star aria-hidden="true" className="size-4" />} label="Average Rating">
          {averageRating === null ? (
            <p className="text-sm text-muted-foreground">No ratings yet</p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-2xl font-bold tabular-nums">{averageRating.toFixed(1)}</p>
                <StarRating rating={averageRating} />
                <span className="text-xs text-muted-foreground">
                  ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
                </span>
              </div>
              <StatBar value={ratingBar(averageRating)} label="Average rating" />
            </>
          )}
        </StatCard>
      </div>
      <DealRecordLine record={stats.dealRecord} />
    </div>
  );
}
