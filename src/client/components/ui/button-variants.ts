import { clsx } from 'clsx';

// The button's classes, free of conflicts in every variant and size, so that the shell and the home
// page can use them without tailwind-merge (about 9 kB gzip) in the first load
// (docs/decisions/032-initial-load-and-cold-start.md). `text-sm` goes only to the sizes that set no
// text size of their own, where tailwind-merge used to drop it; first-load-classes.test.ts checks that
// tailwind-merge leaves every combination as it is.
const BASE_START = 'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md';
const BASE_END =
  "font-medium transition-[color,background-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const variants = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
  destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
  outline: 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
};

const sizes = {
  default: 'h-9 px-4 py-2',
  sm: 'h-8 px-3 text-xs',
  lg: 'h-11 px-6 text-base',
  icon: 'size-9',
};

/** The sizes with a text size of their own. */
const TEXT_SIZED: ReadonlySet<string> = new Set(['sm', 'lg']);

export interface ButtonVariantProps {
  variant?: keyof typeof variants | null;
  size?: keyof typeof sizes | null;
}

/** The classes of a button; `className` is appended as given (a caller overriding one of them merges with `cn`). */
export function buttonVariants({ variant, size, className }: ButtonVariantProps & { className?: string } = {}): string {
  const sizeName = size ?? 'default';
  return clsx(BASE_START, !TEXT_SIZED.has(sizeName) && 'text-sm', BASE_END, variants[variant ?? 'default'], sizes[sizeName], className);
}
