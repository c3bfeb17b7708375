import { type ComponentProps, Suspense } from 'react';
import { lazyComponent } from '#client/lib/lazy-component.js';

// Loaded apart from the project page, and only for its owner while it is open (decision 018).
const LazyCard = lazyComponent(() => import('./suggested-finishers-card.js'), 'SuggestedFinishersCard');

/** The suggested finishers of the owner's open project; nothing for anyone else. */
export function SuggestedFinishersCard(props: ComponentProps<typeof LazyCard>) {
  if (!props.enabled) return null;
  return (
    <Suspense fallback={null}>
      <LazyCard {...props} />
    </Suspense>
  );
}
