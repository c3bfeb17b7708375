import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { dealKeys } from './api.js';

/** A deal's id is its project's: its stage, clock, change orders and money view. */
export const dealLiveRefreshes = defineLiveRefreshes({
  deal: (id) => [dealKeys.ofProject(id)],
});
