import { ArrowRight, CalendarDays, Gavel, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { Project } from '#shared/contracts/projects.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { ProjectStatusBadge, TechBadges } from '#client/components/badges.js';
import { ProjectTerms } from '#client/components/project-terms.js';
import { ReportSummary } from '#client/components/report-summary.js';

/**
 * A Browse Projects card: name, tech badges, description (3 lines), budget and timeframe, bids and the
 * owner's rating (issue 30, item 1), created date, 'View Details'. The browser lays out only the
 * cards near the screen (`content-visibility: auto`), which took most of the style and layout out of
 * the page's first task after paint (decision 072). An unseen card counts as 20rem tall; its width
 * stays its column's (a size for both axes made a 320 px screen scroll sideways).
 */
export function BrowseProjectCard({ project }: { project: Project }) {
  return (
    <Card
      className="h-full gap-4 transition-shadow [contain-intrinsic-block-size:auto_20rem] [content-visibility:auto] hover:shadow-md"
      aria-labelledby={`project-${project.id}-name`}
      role="article"
    >
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle id={`project-${project.id}-name`} className="line-clamp-2">
            {project.name}
          </CardTitle>
          <ProjectStatusBadge status={project.status} />
        </div>
        <TechBadges techStack={project.techStack} className="pt-1" />
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        <p className="line-clamp-3 text-sm text-muted-foreground">{project.description}</p>
        <ProjectTerms project={project} />
        <ReportSummary summary={project.repositorySummary} />
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground" aria-label="Bids and owner">
          <div className="flex items-center gap-1.5">
            <Gavel aria-hidden="true" className="size-4" />
            <dt className="sr-only">Bids</dt>
            <dd data-testid="project-bid-count">{project.bidCount === 1 ? '1 bid' : `${project.bidCount} bids`}</dd>
          </div>
          <div className="flex min-w-0 items-center gap-1.5">
            <Star aria-hidden="true" className="size-4" />
            <dt className="sr-only">Owner</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]" data-testid="project-owner-record">
              <Link to={`/owners/${project.submitter.id}`} className="underline-offset-4 hover:underline">
                {project.submitter.username}
              </Link>
              {project.submitter.rating === null ? ' · no reviews yet' : ` · ${project.submitter.rating.toFixed(1)} as owner`}
            </dd>
          </div>
        </dl>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4" />
          <span>
            <span className="sr-only">Posted </span>
            <RelativeDate value={project.createdAt} />
          </span>
        </p>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={`/projects/${project.id}`}>
            View Details <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

export function BrowseProjectCardSkeleton() {
  return (
    <Card className="gap-4" data-testid="project-card-skeleton">
      <CardHeader className="gap-3">
        <Skeleton className="h-5 w-2/3" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-20" />
        </div>
      </CardHeader>
      <CardContent className="space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-4 h-9 w-full" />
      </CardContent>
    </Card>
  );
}
