import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { disputeKeys } from './api.js';

/** A dispute's page, and the operators' queue (the server sends a dispute's change to operators and its parties only). */
export const disputeLiveRefreshes = defineLiveRefreshes({
  dispute: (id) => [disputeKeys.detail(id), disputeKeys.queueAll],
});
