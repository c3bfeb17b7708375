import { type CSSProperties, useEffect } from 'react';
import { Toaster as Sonner, toast, useSonner } from 'sonner';

/**
 * Spec section 9: a toast lasts 5000 ms and one is shown at a time. A new toast replaces the one
 * before it instead of queueing behind it ("Password changed" never sits beside the "Password not
 * changed" it answers).
 */
export function Toaster() {
  const { toasts } = useSonner();
  useEffect(() => {
    // Newest first: every older toast goes.
    for (const older of toasts.slice(1)) toast.dismiss(older.id);
  }, [toasts]);
  return (
    <Sonner
      duration={5000}
      visibleToasts={1}
      position="bottom-right"
      closeButton
      // A long address (a confirmation link's "sent to ...") wraps inside the toast instead of pushing a 320 px page sideways.
      toastOptions={{ classNames: { toast: 'font-sans [overflow-wrap:anywhere]', description: '!text-muted-foreground' } }}
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
