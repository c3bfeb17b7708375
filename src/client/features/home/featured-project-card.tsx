import { ArrowRight, CalendarDays, Star, UserRound, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/domain/money.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { ProjectStatusBadge } from '#client/components/badges.js';
import type { FeaturedProject } from './featured-project.js';

export function FeaturedProjectCard({ project }: { project: FeaturedProject }) {
  const rating = project.submitter?.rating;
  return (
    <Card className="h-full gap-4 transition-shadow hover:shadow-md">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="line-clamp-2">{project.name}</CardTitle>
          <ProjectStatusBadge status={project.status} />
        </div>
        <ul aria-label="Tech stack" className="flex flex-wrap gap-1.5 pt-1">
          {project.techStack.map((tech) => (
            <li key={tech}>
              <Badge variant="secondary">{tech}</Badge>
            </li>
          ))}
        </ul>
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <p className="line-clamp-3 text-sm text-muted-foreground">{project.description}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Submitted by</dt>
            <UserRound aria-hidden="true" className="size-4 text-muted-foreground" />
            <dd className="truncate font-medium">
              {project.submitter && project.submitterId !== undefined ? (
                // The client's public profile, with their record and badges (issue 30, item 7).
                <Link to={`/owners/${project.submitterId}`} className="underline underline-offset-4">
                  {project.submitter.username}
                </Link>
              ) : (
                (project.submitter?.username ?? 'Anonymous')
              )}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Submitter rating</dt>
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
            <dd>{typeof rating === 'number' ? rating.toFixed(1) : 'New'}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Budget</dt>
            <Wallet aria-hidden="true" className="size-4 text-muted-foreground" />
            <dd className="font-semibold">{project.budgetCents === null ? 'Budget not set' : formatMoney(project.budgetCents)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Posted</dt>
            <CalendarDays aria-hidden="true" className="size-4 text-muted-foreground" />
            <dd className="truncate text-muted-foreground">
              <RelativeDate value={project.createdAt} />
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={`/projects/${project.id}`}>
            View Project <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
