import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { toast } from 'sonner';
import { currentUserKey, useUser } from '@/features/auth/use-user';
import { LiveConnection, liveSocketUrl } from '@/lib/live-connection';
import { liveEventRefreshes, liveEventToast } from './live-events';

/**
 * Keeps the live connection open while a user is signed in (spec section 4 "Live connection"):
 * it opens once the current user is known, and closes on logout when the user becomes null.
 * Each event shows its toast and refreshes the queries it makes stale.
 */
export function LiveConnectionProvider({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    const connection = new LiveConnection({
      url: liveSocketUrl(window.location),
      userId,
      // An expired session turns the current user to null, which stops the connection.
      onDisconnect: () => void queryClient.invalidateQueries({ queryKey: currentUserKey }),
      onEvent: (event) => {
        const shown = liveEventToast(event);
        if (shown) toast(shown.title, { id: shown.id, description: shown.description });
        const isStale = liveEventRefreshes(event, userId);
        void queryClient.invalidateQueries({ predicate: (query) => isStale(query.queryKey) });
      },
    });
    connection.start();
    return () => connection.stop();
  }, [userId, queryClient]);

  return children;
}
