import { clsx } from 'clsx';
import { LoaderCircle } from '#client/components/ui/first-load-icons.js';

// Without tailwind-merge, which would put it in the first load (docs/decisions/032-initial-load-and-cold-start.md):
// a `size-*` in className replaces the default size, a text colour the default colour, as
// tailwind-merge would have it (first-load-classes.test.ts compares the two).
const SIZE = /(?:^|\s)size-/;
const TEXT_COLOUR = /(?:^|\s)text-(?!(?:xs|sm|base|lg|[2-9]?xl)(?:\/|\s|$))/;

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={spinnerClassName(className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The spinning icon's classes: the defaults and what className overrides of them. */
export function spinnerClassName(className = ''): string {
  return clsx(!SIZE.test(className) && 'size-5', 'animate-spin', !TEXT_COLOUR.test(className) && 'text-muted-foreground', className);
}

/** A full-area spinner for pages whose data (or the current user) is still loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
