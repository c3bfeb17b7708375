import { CalendarDays, Code2, ExternalLink, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { isRepositoryLink } from '#shared/domain/code-link.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { ProjectStatusBadge } from '#client/components/badges.js';
import { ProjectTerms } from '#client/components/project-terms.js';

interface ProjectOverviewCardProps {
  project: ProjectDetail;
  isOwner: boolean;
  isAssignedFinisher: boolean;
  /** The client's badges (the trust feature's, composed by the page), under the line that names them. */
  ownerBadges?: ReactNode;
}

/** The project's own facts: who posted it, status, budget and timeframe, description, stack, code, screenshot, dates, assignee. */
export function ProjectOverviewCard({ project, isOwner, isAssignedFinisher, ownerBadges }: ProjectOverviewCardProps) {
  return (
    <Card className="gap-6">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{project.name}</h1>
          <span data-testid="project-status">
            <ProjectStatusBadge status={project.status} dealStage={project.deal?.stage} />
          </span>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <UserRound aria-hidden="true" className="size-4" />
          {isOwner ? (
            'Posted by You'
          ) : (
            <span>
              Posted by Client{' '}
              <span className="font-medium text-foreground">
                · {/* The client's public profile: their record and badges (issue 30, item 7). */}
                <Link to={`/owners/${project.submitterId}`} className="underline underline-offset-4">
                  {project.submitter.username}
                </Link>
              </span>
            </span>
          )}
        </p>
        {ownerBadges}
      </CardHeader>
      <CardContent className="grid gap-6">
        <ProjectTerms project={project} />
        <section aria-labelledby="project-description-heading">
          <h2 id="project-description-heading" className="text-sm font-semibold">
            Description
          </h2>
          <p className="mt-2 whitespace-pre-line text-muted-foreground">{project.description}</p>
        </section>
        <section aria-labelledby="project-stack-heading">
          <h2 id="project-stack-heading" className="text-sm font-semibold">
            Technology Stack
          </h2>
          <p className="mt-2 text-muted-foreground">{project.techStack.join(', ')}</p>
        </section>
        {project.acceptanceCriteria.length > 0 ? (
          <section aria-labelledby="project-criteria-heading">
            <h2 id="project-criteria-heading" className="text-sm font-semibold">
              Acceptance Criteria
            </h2>
            <ol className="mt-2 grid list-decimal gap-1 pl-5 text-muted-foreground">
              {project.acceptanceCriteria.map((criterion) => (
                <li key={criterion.id}>{criterion.text}</li>
              ))}
            </ol>
          </section>
        ) : null}
        {project.imageUrl ? (
          <figure>
            <img src={project.imageUrl} alt={`Screenshot of ${project.name}`} className="max-h-96 w-full rounded-lg border object-contain" />
          </figure>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          {/* A site's home page posted before the rule (issue 28, item 15) is no repository to view. */}
          {isRepositoryLink(project.codeLink) ? (
            <Button asChild variant="outline" size="sm">
              <a href={project.codeLink} target="_blank" rel="noopener noreferrer">
                <Code2 aria-hidden="true" /> View Code <ExternalLink aria-hidden="true" className="size-3" />
              </a>
            </Button>
          ) : null}
          <span className="flex items-center gap-1.5 text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4" />
            Posted <RelativeDate value={project.createdAt} />
          </span>
          {project.finisherId !== null ? (
            <span className="text-muted-foreground">
              {isAssignedFinisher ? (
                'Assigned to: You'
              ) : (
                <>
                  Assigned to: Developer <span className="font-medium text-foreground">· {project.finisher?.username}</span>
                </>
              )}
            </span>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
