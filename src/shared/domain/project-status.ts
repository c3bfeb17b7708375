/** Every project status of spec section 4, in lifecycle order. */
export const projectStatuses = ['open', 'active', 'assigned', 'in_progress', 'paid', 'completed', 'accepted', 'paused', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

const titleCase = (value: string): string =>
  value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

/**
 * The label a status is shown with to someone outside the deal (its two parties read the deal
 * stage's label, deal-stage-labels.ts): open and active both read 'Open for Bids', accepted reads
 * 'Completed' (the submitter accepted the work), completed reads 'Awaiting Review' (delivered, not yet
 * accepted: issue 28, item 8), every other status is title-cased ('In Progress').
 */
export function projectStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'open':
    case 'active':
    case null:
    case undefined:
      return 'Open for Bids';
    case 'accepted':
      return 'Completed';
    case 'completed':
      return 'Awaiting Review';
    default:
      return titleCase(status);
  }
}
