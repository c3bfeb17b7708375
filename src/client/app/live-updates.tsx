import { bidLiveRefreshes } from '#client/features/bids/live-refreshes.js';
import { conversationLiveRefreshes } from '#client/features/conversations/live-refreshes.js';
import { dealLiveRefreshes } from '#client/features/deal/live-refreshes.js';
import { disputeLiveRefreshes } from '#client/features/disputes/live-refreshes.js';
import { milestoneLiveRefreshes } from '#client/features/milestones/live-refreshes.js';
import { LiveConnectionProvider } from '#client/features/notifications/live-provider.js';
import { paymentLiveRefreshes } from '#client/features/payments/live-refreshes.js';
import { projectLiveRefreshes } from '#client/features/projects/live-refreshes.js';
import { repositoryLiveRefreshes } from '#client/features/repositories/live-refreshes.js';
import { reviewLiveRefreshes } from '#client/features/reviews/live-refreshes.js';
import { scopeLiveRefreshes } from '#client/features/scope/live-refreshes.js';
import type { LiveRefreshes } from '#client/lib/live-changes.js';

/**
 * Every feature's declaration of the queries a live change refreshes (decision 043). A feature with
 * cached data about a resource adds its declaration here; the live connection knows none of them.
 */
export const liveRefreshes: readonly LiveRefreshes[] = [
  projectLiveRefreshes,
  dealLiveRefreshes,
  paymentLiveRefreshes,
  milestoneLiveRefreshes,
  scopeLiveRefreshes,
  reviewLiveRefreshes,
  bidLiveRefreshes,
  conversationLiveRefreshes,
  disputeLiveRefreshes,
  repositoryLiveRefreshes,
];

/** The live connection of a signed-in user, with the features' refreshes. Loaded lazily by app.tsx. */
export function LiveUpdates({ userId }: { userId: number }) {
  return <LiveConnectionProvider userId={userId} refreshes={liveRefreshes} />;
}
