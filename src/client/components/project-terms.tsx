import { Clock, Wallet } from 'lucide-react';
import type { Project } from '#shared/contracts/projects.js';
import { formatMoney } from '#shared/domain/money.js';
import { cn } from '#client/lib/utils.js';

type Terms = Pick<Project, 'budgetCents' | 'timeframe'>;

/** The owner's budget as the project page, the apply dialog and a browse card show it. */
const budgetText = (project: Terms): string => (project.budgetCents === null ? 'Not set' : formatMoney(project.budgetCents));
const timeframeText = (project: Terms): string => project.timeframe ?? 'Not set';

/**
 * What the owner offers (issue 28, item 3): the budget and the timeframe, for everyone who reads the
 * project, a finisher about to bid above all.
 */
export function ProjectTerms({ project, className }: { project: Terms; className?: string }) {
  return (
    <dl className={cn('flex flex-wrap gap-x-6 gap-y-1 text-sm', className)} aria-label="Budget and timeframe">
      <div className="flex min-w-0 items-center gap-1.5">
        <Wallet aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <dt className="text-muted-foreground">Budget:</dt>
        <dd className="font-semibold" data-testid="project-budget">
          {budgetText(project)}
        </dd>
      </div>
      <div className="flex min-w-0 items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <dt className="text-muted-foreground">Timeframe:</dt>
        <dd className="font-medium [overflow-wrap:anywhere]" data-testid="project-timeframe">
          {timeframeText(project)}
        </dd>
      </div>
    </dl>
  );
}
