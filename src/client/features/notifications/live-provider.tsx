import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { currentUserKey } from '#client/lib/auth.js';
import { openConversation } from '#client/lib/open-conversation.js';
import { LiveConnection, liveSocketUrl } from '#client/lib/live-connection.js';
import { connectTyping, typingArrived } from '#client/lib/live-typing.js';
import { liveChangeRefreshes, type LiveRefreshes } from '#client/lib/live-changes.js';
import { liveEventRefreshes, liveEventToast, liveToastOutcome } from './live-events.js';

/**
 * Keeps the live connection open for the signed-in user (spec section 4 "Live connection"): the app
 * renders it once the current user is known and unmounts it on logout, which closes the socket.
 * Each event shows its toast and refreshes the notification queries it makes stale; a `changed`
 * event refreshes what the features declared in `refreshes` for its resources (decision 043). The
 * app loads this module lazily, and only for a signed-in user, so a visitor never downloads the
 * event schemas. `refreshes` must keep its identity across renders (a module constant).
 */
export function LiveConnectionProvider({ userId, refreshes }: { userId: number; refreshes: readonly LiveRefreshes[] }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    /** Toast ids of messages that arrived in the conversation on screen. */
    const readInPlace = new Set<string>();
    let authenticatedBefore = false;
    const connection = new LiveConnection({
      url: liveSocketUrl(window.location),
      userId,
      // An expired session turns the current user to null, which stops the connection.
      onDisconnect: () => void queryClient.invalidateQueries({ queryKey: currentUserKey }),
      onEvent: (event) => {
        if (event.type === 'typing') {
          typingArrived(event);
          return;
        }
        if (event.type === 'auth_success') {
          // Back after a dropped connection: every change in between went unheard, so each query on
          // screen is read again (the first connection refreshes the notifications only, below).
          if (authenticatedBefore) void queryClient.invalidateQueries();
          authenticatedBefore = true;
        }
        if (event.type === 'changed') {
          for (const queryKey of liveChangeRefreshes(refreshes, event.changes, userId)) void queryClient.invalidateQueries({ queryKey });
          return;
        }
        const shown = liveEventToast(event);
        const outcome = liveToastOutcome(event, { openConversation: openConversation() });
        if (shown && outcome === 'read-in-place') {
          // The person is reading this conversation: no toast over its composer. Its 'message'
          // notification carries the same toast id, whichever of the two arrives first.
          readInPlace.add(shown.id);
          toast.dismiss(shown.id);
        } else if (shown && outcome === 'show' && !readInPlace.has(shown.id)) {
          toast(shown.title, { id: shown.id, description: shown.description });
        }
        const isStale = liveEventRefreshes(event, userId);
        void queryClient.invalidateQueries({ predicate: (query) => isStale(query.queryKey) });
      },
    });
    connection.start();
    const disconnectTyping = connectTyping((event) => connection.send(event));
    return () => {
      disconnectTyping();
      connection.stop();
    };
  }, [userId, queryClient, refreshes]);

  return null;
}
