import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { projectKeys } from './api.js';

/**
 * A project's change refreshes everything cached under it (its deal, payment, milestones, scope,
 * reviews and change orders live under projectKeys.detail) and the viewer's own project lists and
 * spending: a bid placed elsewhere changes the owner's dashboard counts.
 */
export const projectLiveRefreshes = defineLiveRefreshes({
  project: (id, viewerId) => [projectKeys.detail(id), projectKeys.ofUser(viewerId), projectKeys.totalSpending(viewerId)],
});
