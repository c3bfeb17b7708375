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

/** The bid whose conversation the person is looking at right now (the tab is visible), or null. */
export function openConversation(): number | null {
  return document.visibilityState === 'visible' ? openBidId : null;
}
