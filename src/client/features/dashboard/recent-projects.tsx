import { Link } from 'react-router';
import type { Project } from '#shared/contracts/projects.js';
import { ProjectStatusBadge } from '#client/components/badges.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { newestOpenProjects } from './dashboard-rules.js';
import { DashboardSection, EmptyNote } from './dashboard-section.js';

/** The 3 newest open projects. */
export function RecentProjects({ projects }: { projects: Project[] }) {
  const recent = newestOpenProjects(projects);
  return (
    <DashboardSection id="recent-projects" title="Recent Projects">
      {recent.length === 0 ? (
        <EmptyNote>No open projects yet.</EmptyNote>
      ) : (
        <ul className="grid gap-3">
          {recent.map((project) => (
            <li key={project.id} className="grid gap-1 rounded-lg border p-3">
              <div className="flex items-start justify-between gap-2">
                <Link to={`/projects/${project.id}`} className="font-medium hover:underline">
                  {project.name}
                </Link>
                <ProjectStatusBadge status={project.status} />
              </div>
              <span className="text-xs text-muted-foreground">
                Posted <RelativeDate value={project.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
