import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { paymentKeys } from './api.js';

export const paymentLiveRefreshes = defineLiveRefreshes({
  deal: (id) => [paymentKeys.ofProject(id)],
});
