// The shell's classes are built without tailwind-merge, to keep it out of the first load
// (docs/decisions/032-initial-load-and-cold-start.md): each must come out as `cn` (tailwind-merge)
// would have made it.
import { cva } from 'class-variance-authority';
import { describe, expect, it } from 'vitest';
import { cn } from '#client/lib/utils.js';
import { buttonVariants } from './button-variants.js';
import { skeletonClassName } from './skeleton.js';
import { spinnerClassName } from './spinner.js';

// The button's classes as they were written before, merged by `cn` in Button.
const buttonVariantsBefore = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-[color,background-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
        outline: 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: { default: 'h-9 px-4 py-2', sm: 'h-8 px-3 text-xs', lg: 'h-11 px-6 text-base', icon: 'size-9' },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

describe('classes of the first load', () => {
  const variants = [undefined, 'default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const;
  const sizes = [undefined, 'default', 'sm', 'lg', 'icon'] as const;

  it('gives every button variant and size the classes Button gave it, with nothing for tailwind-merge to drop', () => {
    for (const variant of variants) {
      for (const size of sizes) {
        const classes = buttonVariants({ variant, size });
        expect(classes).toBe(cn(buttonVariantsBefore({ variant, size })));
        expect(cn(classes)).toBe(classes);
      }
    }
  });

  it('keeps a Button with a className as it was', () => {
    for (const className of ['w-full', 'h-12 text-lg', 'md:hidden', 'text-muted-foreground', 'relative', 'px-2']) {
      for (const size of sizes) expect(cn(buttonVariants({ size, className }))).toBe(cn(buttonVariantsBefore({ size, className })));
    }
  });

  it('needs no merging for the shell: the mobile menu button and the footer links', () => {
    for (const className of ['md:hidden', 'text-muted-foreground']) {
      const classes = buttonVariants({ variant: 'ghost', size: 'icon', className });
      expect(cn(classes)).toBe(classes);
    }
  });

  it('builds the spinner as tailwind-merge did', () => {
    for (const className of [undefined, 'size-4', 'size-6', 'size-8', 'size-4 text-primary-foreground', 'text-destructive', 'text-sm']) {
      expect(spinnerClassName(className)).toBe(cn('size-5 animate-spin text-muted-foreground', className));
    }
  });

  it('builds the skeleton as tailwind-merge did', () => {
    for (const className of [
      undefined,
      'h-9 w-28',
      'h-9 w-[4.75rem]',
      'size-9 rounded-full',
      'mt-4 h-9 w-full',
      'rounded-lg',
      'rounded-t-lg',
      'sm:rounded-full',
      'rounded-[2px] h-4',
    ]) {
      expect(skeletonClassName(className)).toBe(cn('animate-pulse rounded-md bg-muted', className));
    }
  });
});
