import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

// Without tailwind-merge, which would put it in the first load (docs/decisions/032-initial-load-and-cold-start.md):
// a corner radius in className (rounded, rounded-full, rounded-[...]; not one corner, not behind a
// variant) replaces the default rounded-md, as tailwind-merge would have it (first-load-classes.test.ts).
const RADIUS = /(?:^|\s)rounded(?:-(?:none|xs|sm|md|lg|xl|[2-4]xl|full|\[[^\]\s]+\]))?(?=\s|$)/;

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden="true" className={skeletonClassName(className)} {...props} />;
}

/** The skeleton's classes: the defaults and what className overrides of them. */
export function skeletonClassName(className = ''): string {
  return clsx('animate-pulse', !RADIUS.test(className) && 'rounded-md', 'bg-muted', className);
}
