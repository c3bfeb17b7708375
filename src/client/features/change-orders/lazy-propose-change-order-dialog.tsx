import { type ComponentProps, Suspense } from 'react';
import { lazyComponent } from '#client/lib/lazy-component.js';

// The form (react-hook-form and the change order schema) loads on its own, when a party opens it: the
// project page loads and hydrates without it (docs/decisions/018-performance-budgets.md).
const loadDialog = () => import('./propose-change-order-dialog.js');
const LazyDialog = lazyComponent(loadDialog, 'ProposeChangeOrderDialog');

/** Starts fetching the form's chunk (on hover or focus of the button that opens it). */
export const preloadProposeChangeOrderDialog = () => void loadDialog();

/** The propose dialog, loaded apart from the change orders card; it renders nothing until it has. */
export function ProposeChangeOrderDialog(props: ComponentProps<typeof LazyDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}
