import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#shared/contracts/conversations.js';
import { DomainEvents, type EventOf } from './domain-events.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

const message = { id: 7, receiverId: 2 } as ChatMessage;
const event: EventOf<'message.sent'> = { type: 'message.sent', bidId: 1, projectName: 'P', thread: { id: 3, title: 'T' }, recipientId: 2, message };

describe('DomainEvents.inOneStatement', () => {
  it('after the statement, runs its after-commit work, then the commit handlers of its event', async () => {
    const events = new DomainEvents(log);
    const covered = vi.fn(async () => undefined);
    const order: string[] = [];
    events.onRecord('message.sent', covered);
    events.onCommit('message.sent', (e) => void order.push(`commit handler ${e.message.id}`));
    const result = await events.inOneStatement('message.sent', [covered], async () => {
      order.push('statement');
      return { event, afterCommit: [() => void order.push('after-commit work')], result: 'answer' };
    });
    expect(result).toBe('answer');
    expect(order).toEqual(['statement', 'after-commit work', 'commit handler 7']);
    // The statement wrote what the record handler would have: it does not run as well.
    expect(covered).not.toHaveBeenCalled();
  });

  it('refuses before writing when the event type has a record handler the statement does not cover', async () => {
    const events = new DomainEvents(log);
    const covered = vi.fn(async () => undefined);
    events.onRecord('message.sent', covered);
    events.onRecord('message.sent', async () => undefined);
    const write = vi.fn();
    await expect(events.inOneStatement('message.sent', [covered], write)).rejects.toThrow(/record handler/);
    expect(write).not.toHaveBeenCalled();
  });
});
