import { describe, expect, it } from 'vitest';
import { suggestionRecord } from './suggested-finishers-card.js';

describe("a suggested finisher's record, as the card words it", () => {
  it('names the rating with its reviews, the completed deals and the on-time rate', () => {
    expect(suggestionRecord({ rating: 4.4, reviewCount: 3, completedDeals: 3, onTimeRate: 67 })).toEqual([
      '4.4 from 3 reviews',
      '3 completed deals',
      '67% on time',
    ]);
    expect(suggestionRecord({ rating: 5, reviewCount: 1, completedDeals: 1, onTimeRate: 100 })).toEqual([
      '5.0 from 1 review',
      '1 completed deal',
      '100% on time',
    ]);
  });

  it('says there are no reviews yet, and leaves the on-time rate out before a first deal', () => {
    expect(suggestionRecord({ rating: null, reviewCount: 0, completedDeals: 0, onTimeRate: null })).toEqual(['No reviews yet', '0 completed deals']);
  });
});
