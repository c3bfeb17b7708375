import { type ComponentProps, Suspense } from 'react';
import { lazyComponent } from '#client/lib/lazy-component.js';

// The form (react-hook-form and the milestone schema) loads on its own, after the project page has
// hydrated without it (docs/decisions/018-performance-budgets.md).
const LazyDialog = lazyComponent(() => import('./milestone-form-dialog.js'), 'MilestoneFormDialog');

/** The milestone form dialog, loaded apart from the milestones card; it renders nothing until it has. */
export function MilestoneFormDialog(props: ComponentProps<typeof LazyDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}
