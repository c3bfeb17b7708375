import { type ComponentProps, Suspense } from 'react';
import { lazyComponent } from '#client/lib/lazy-component.js';

// The report card loads on its own, only for a project with a connected repository: the project page
// loads and hydrates without it (docs/decisions/018-performance-budgets.md).
const LazyCard = lazyComponent(() => import('./repository-report-card.js'), 'RepositoryReportCard');

/** The repository report card, loaded apart from the project page; nothing without a connected repository. */
export function RepositoryReportCard(props: ComponentProps<typeof LazyCard>) {
  if (!props.hasRepository) return null;
  return (
    <Suspense fallback={null}>
      <LazyCard {...props} />
    </Suspense>
  );
}
