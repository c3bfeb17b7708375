import { Link } from 'react-router';
import type { Project } from '#shared/contracts/projects.js';
import { ProjectStatusBadge } from '#client/components/badges.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { DashboardSection, EmptyNote } from './dashboard-section.js';
import { Pager } from './pager.js';
import { usePager } from './use-pager.js';

interface ProjectListPanelProps {
  id: string;
  title: string;
  description?: string;
  projects: Project[];
  emptyText: string;
  isLoading?: boolean;
}

/** An owner's paged list of projects (4 a page), each linking to its detail page. */
export function ProjectListPanel({ id, title, description, projects, emptyText, isLoading = false }: ProjectListPanelProps) {
  const pager = usePager(projects);
  return (
    <DashboardSection id={id} title={title} description={description}>
      {isLoading ? (
        <EmptyNote>Loading projects...</EmptyNote>
      ) : projects.length === 0 ? (
        <EmptyNote>{emptyText}</EmptyNote>
      ) : (
        <>
          <ul className="grid gap-3">
            {pager.pageItems.map((project) => (
              <li key={project.id} aria-label={project.name} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
                <div className="grid gap-0.5">
                  <Link to={`/projects/${project.id}`} className="font-medium hover:underline">
                    {project.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {project.bidCount === 1 ? '1 bid' : `${project.bidCount} bids`} · Posted <RelativeDate value={project.createdAt} />
                  </span>
                </div>
                <ProjectStatusBadge status={project.status} dealStage={project.dealStage} />
              </li>
            ))}
          </ul>
          <Pager {...pager} />
        </>
      )}
    </DashboardSection>
  );
}
