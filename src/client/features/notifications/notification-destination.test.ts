import { describe, expect, it } from 'vitest';
import { notificationDestination } from './notification-destination.js';

describe('notificationDestination', () => {
  it('routes by type (spec section 2)', () => {
    expect(notificationDestination({ type: 'message', relatedId: 8 })).toBe('/messages?messageId=8');
    for (const type of ['milestone', 'milestone_completed', 'milestone_approved']) {
      expect(notificationDestination({ type, relatedId: 3 })).toBe('/projects/3?tab=milestones');
    }
    expect(notificationDestination({ type: 'bid', relatedId: 3 })).toBe('/projects/3?tab=bids');
    expect(notificationDestination({ type: 'project', relatedId: 3 })).toBe('/projects/3');
    expect(notificationDestination({ type: 'dispute', relatedId: 9 })).toBe('/disputes/9');
    expect(notificationDestination({ type: 'change_order', relatedId: 3 })).toBe('/projects/3?tab=change-orders');
    expect(notificationDestination({ type: 'notification', relatedId: 3 })).toBe('/');
    expect(notificationDestination({ type: 'something-new', relatedId: 3 })).toBe('/');
  });

  it('goes nowhere without a relatedId', () => {
    expect(notificationDestination({ type: 'bid', relatedId: null })).toBeNull();
  });
});
