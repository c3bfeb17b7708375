import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { scopeKey } from './api.js';

/** The statement of work is the deal's: a revision request or a change order can move its criteria. */
export const scopeLiveRefreshes = defineLiveRefreshes({
  deal: (id) => [scopeKey(id)],
});
