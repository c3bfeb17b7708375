import { type ComponentProps, Suspense } from 'react';
import { lazyComponent } from '#client/lib/lazy-component.js';

// Loaded apart from the project page, and only for the deal's two parties: a visitor's project page
// neither loads nor evaluates it and the shared schemas its rules import (decision 018).
const LazyCard = lazyComponent(() => import('./statement-of-work-card.js'), 'StatementOfWorkCard');

/** The deal's statement of work, for its two parties; nothing for anyone else. */
export function StatementOfWorkCard(props: ComponentProps<typeof LazyCard>) {
  if (!props.enabled) return null;
  return (
    <Suspense fallback={null}>
      <LazyCard {...props} />
    </Suspense>
  );
}
