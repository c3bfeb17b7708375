import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { milestoneKeys } from './api.js';

export const milestoneLiveRefreshes = defineLiveRefreshes({
  deal: (id) => [milestoneKeys.ofProject(id)],
});
