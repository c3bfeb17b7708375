import { useEffect, useState } from 'react';
import type { ClientEvent, ServerEvent } from '#shared/events.js';

// The typing indicator (issue 32, item 4): the composer says "typing" over the live connection at
// most every few seconds, and the conversation shows the other party's for a few seconds after
// the last one. Nothing of it is stored. The live provider (features/notifications) connects the
// socket here, so the conversations feature needs no import of it.

/** The composer sends at most one typing message per conversation this often. */
const SEND_INTERVAL_MS = 3_000;
/** The other party shows as typing this long after their last typing message. */
export const TYPING_SHOWN_MS = 5_000;

type TypingEvent = Extract<ServerEvent, { type: 'typing' }>;

let send: ((event: ClientEvent) => void) | null = null;
const lastSentAt = new Map<number, number>();
const listeners = new Set<(event: TypingEvent) => void>();

/** The live provider hands in its connection's send; the answer disconnects it. */
export function connectTyping(sender: (event: ClientEvent) => void): () => void {
  send = sender;
  return () => {
    if (send === sender) send = null;
  };
}

/** The live provider passes each typing event on. */
export function typingArrived(event: TypingEvent): void {
  for (const listener of listeners) listener(event);
}

/** The composer: the user typed in a bid's chat. */
export function sayTyping(bidId: number, now = Date.now()): void {
  if (!send || now - (lastSentAt.get(bidId) ?? 0) < SEND_INTERVAL_MS) return;
  lastSentAt.set(bidId, now);
  send({ type: 'typing', bidId });
}

/** Whether the other party of a bid's chat is typing now. */
export function useIsTyping(bidId: number, otherUserId: number | null): boolean {
  const [isTyping, setIsTyping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (event: TypingEvent) => {
      if (event.bidId !== bidId || (otherUserId !== null && event.userId !== otherUserId)) return;
      setIsTyping(true);
      clearTimeout(timer);
      timer = setTimeout(() => setIsTyping(false), TYPING_SHOWN_MS);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      clearTimeout(timer);
    };
  }, [bidId, otherUserId]);
  return isTyping;
}
