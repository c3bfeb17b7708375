import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Project } from '#shared/contracts/projects.js';
import { formatMoney } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { Input } from '#client/components/ui/input.js';
import { TechBadges } from '#client/components/badges.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { matchesDashboardSearch } from './dashboard-rules.js';
import { DashboardSection, EmptyNote } from './dashboard-section.js';
import { Pager } from './pager.js';
import { QuickApplyForm } from './quick-apply-form.js';
import { usePager } from './use-pager.js';

/** Open projects the finisher can still apply to: searched on the client, paged at 4, each with a quick application. */
export function OpenProjectsPanel({ projects, finisherId, isLoading }: { projects: Project[]; finisherId: number; isLoading: boolean }) {
  const [search, setSearch] = useState('');
  const [applyingTo, setApplyingTo] = useState<number | null>(null);
  const matches = projects.filter((project) => matchesDashboardSearch(project, search));
  const pager = usePager(matches);

  return (
    <DashboardSection id="open-projects" title="Open Projects" description="Projects looking for a developer to finish them.">
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search open projects"
          placeholder="Search projects..."
          className="pl-9"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            pager.reset();
          }}
        />
      </div>
      {isLoading ? (
        <EmptyNote>Loading projects...</EmptyNote>
      ) : matches.length === 0 ? (
        <EmptyNote>{search.trim() ? 'No open projects match your search.' : 'No open projects right now. Check back soon.'}</EmptyNote>
      ) : (
        <>
          <ul className="grid gap-3">
            {pager.pageItems.map((project) => (
              <li key={project.id} aria-label={project.name} className="grid gap-2 rounded-lg border p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <Link to={`/projects/${project.id}`} className="font-semibold hover:underline">
                    {project.name}
                  </Link>
                  <span className="text-sm font-medium">{project.budgetCents === null ? 'Budget not set' : formatMoney(project.budgetCents)}</span>
                </div>
                <TechBadges techStack={project.techStack} />
                <p className="line-clamp-2 text-sm text-muted-foreground">{project.description}</p>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-xs text-muted-foreground">
                    Posted <RelativeDate value={project.createdAt} />
                  </span>
                  <Button
                    variant={applyingTo === project.id ? 'ghost' : 'outline'}
                    size="sm"
                    onClick={() => setApplyingTo(applyingTo === project.id ? null : project.id)}
                  >
                    {applyingTo === project.id ? 'Close' : 'Quick Apply'}
                  </Button>
                </div>
                {applyingTo === project.id ? <QuickApplyForm projectId={project.id} finisherId={finisherId} onDone={() => setApplyingTo(null)} /> : null}
              </li>
            ))}
          </ul>
          <Pager {...pager} />
        </>
      )}
    </DashboardSection>
  );
}
