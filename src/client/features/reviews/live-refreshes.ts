import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { reviewKeys } from './api.js';

/** An accepted delivery opens the reviews of the deal's project. */
export const reviewLiveRefreshes = defineLiveRefreshes({
  deal: (id) => [reviewKeys.ofProject(id)],
});
