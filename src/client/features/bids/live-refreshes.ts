import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { bidKeys } from './api.js';

/** A bid, and the viewer's own bids, whose list shows each project's state. */
export const bidLiveRefreshes = defineLiveRefreshes({
  bid: (id, viewerId) => [bidKeys.detail(id), bidKeys.ofUser(viewerId)],
  project: (_id, viewerId) => [bidKeys.ofUser(viewerId)],
});
