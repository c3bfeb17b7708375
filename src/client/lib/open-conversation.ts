import { useEffect } from 'react';

/**
 * The conversation on screen, if any: a message arriving in it needs no toast, since the person is
 * reading it (issue 16). One at a time; the thread that mounts last wins.
 */
let openBidId: number | null = null;

export function useOpenConversation(bidId: number) {
  useEffect(() => {
    openBidId = bidId;
    return () => {
      if (openBidId === bidId) openBidId = null;
    };
  }, [bidId]);
}

/** Whether the person is looking at this bid's conversation right now (the tab is visible). */
export function isConversationOpen(bidId: number): boolean {
  return openBidId === bidId && document.visibilityState === 'visible';
}
