import { ExternalLink, FolderOpen } from 'lucide-react';
import type { DeveloperStats } from '#shared/contracts/finishers.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { RelativeDate } from '#client/components/relative-date.js';

type PortfolioProject = DeveloperStats['projects'][number];

/** The Portfolio tab: projects the finisher completed (name, description, technologies, completedAt, repoUrl). */
export function PortfolioList({ projects }: { projects: readonly PortfolioProject[] }) {
  if (projects.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-muted/30 px-6 py-12 text-center">
        <FolderOpen aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No completed projects yet</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Completed projects">
      {projects.map((project) => (
        <li key={project.id}>
          <Card className="h-full gap-4">
            <CardHeader>
              <CardTitle>{project.name}</CardTitle>
              <CardDescription>
                Completed <RelativeDate value={project.completedAt} />
              </CardDescription>
            </CardHeader>
            <CardContent className="grid flex-1 content-start gap-3">
              <p className="line-clamp-3 text-sm text-muted-foreground">{project.description}</p>
              {project.technologies.length > 0 ? (
                <ul aria-label="Technologies" className="flex flex-wrap gap-1.5">
                  {project.technologies.map((technology) => (
                    <li key={technology}>
                      <Badge variant="outline">{technology}</Badge>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div>
                <Button asChild variant="outline" size="sm">
                  <a href={project.repoUrl} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" /> View Code
                  </a>
                </Button>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
