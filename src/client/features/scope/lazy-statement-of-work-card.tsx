import { lazyComponentFor } from '#client/lib/lazy-component.js';

/**
 * The deal's statement of work, for its two parties; nothing for anyone else. Loaded apart from the
 * project page: a visitor's page neither loads nor evaluates it and the shared schemas its rules
 * import (decision 072's addendum).
 */
export const StatementOfWorkCard = lazyComponentFor(
  () => import('./statement-of-work-card.js'),
  'StatementOfWorkCard',
  (props) => props.enabled,
);
