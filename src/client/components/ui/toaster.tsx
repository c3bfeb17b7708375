import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/** Spec section 9: a toast lasts 5000 ms and at most one is visible at once. */
export function Toaster() {
  return (
    <Sonner
      duration={5000}
      visibleToasts={1}
      position="bottom-right"
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', description: '!text-muted-foreground' } }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as CSSProperties
      }
    />
  );
}
