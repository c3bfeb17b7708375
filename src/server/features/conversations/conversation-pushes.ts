import type { DomainEvents } from '#server/events/domain-events.js';
import type { LivePublisher } from '#server/integrations/live/live-hub.js';

/** Once a message is committed, its recipient's open tabs get it live. */
export function registerConversationPushes(events: DomainEvents, live: LivePublisher): void {
  events.onCommit('message.sent', (e) => live.publish(e.recipientId, { type: 'new_message', bidId: e.bidId, thread: e.thread, message: e.message }));
}
