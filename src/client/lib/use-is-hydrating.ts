import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while React hydrates the markup the build prerendered (vite.config.ts), false in every other
 * render: hydration reads useSyncExternalStore's server snapshot, then React renders again with the
 * client's. A part that hydrates after data has arrived (a lazy boundary hydrates on its own, later
 * than the page around it) uses it to render what the markup has first, instead of a mismatch.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
