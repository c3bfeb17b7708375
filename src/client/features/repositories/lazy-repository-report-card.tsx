import { lazyComponentFor } from '#client/lib/lazy-component.js';

/**
 * The repository report card, only for a project with a connected repository; loaded apart from the
 * project page, which loads and hydrates without it (docs/decisions/018-performance-budgets.md).
 */
export const RepositoryReportCard = lazyComponentFor(
  () => import('./repository-report-card.js'),
  'RepositoryReportCard',
  (props) => props.hasRepository,
);
