import { lazyComponentFor } from '#client/lib/lazy-component.js';

/** The suggested finishers of the owner's open project; nothing for anyone else. Loaded apart from the project page (decision 018). */
export const SuggestedFinishersCard = lazyComponentFor(
  () => import('./suggested-finishers-card.js'),
  'SuggestedFinishersCard',
  (props) => props.enabled,
);
