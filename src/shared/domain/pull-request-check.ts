import { deadlineDay } from './deal.js';

/** What Finishline's own check on a delivered pull request says, and its conclusion on the host. */
export interface FinishlineCheckText {
  title: string;
  summary: string;
  conclusion: 'neutral' | 'success' | null;
}

/**
 * The check Finishline posts on the delivered pull request (issue 29, item 5): how many agreed
 * criteria the delivery evidenced and when the owner's review is due, in the owner's time zone
 * ("Finishline: 3 of 3 criteria evidenced, review due 28 Nov"). Pending while the owner reviews,
 * neutral once a revision is asked for, success once the delivery is accepted.
 */
export function finishlineCheckText(input: {
  criteria: number;
  evidenced: number;
  reviewDueAt: Date | null;
  timeZone: string;
  outcome: 'in_review' | 'revision_requested' | 'accepted';
}): FinishlineCheckText {
  const evidence = input.criteria > 0 ? `${input.evidenced} of ${input.criteria} criteria evidenced` : 'delivered';
  if (input.outcome === 'accepted')
    return { title: `Finishline: ${evidence}, accepted`, summary: 'The owner accepted the delivery; the payout is released.', conclusion: 'success' };
  if (input.outcome === 'revision_requested')
    return { title: `Finishline: ${evidence}, revision requested`, summary: 'The owner asked for a revision on Finishline.', conclusion: 'neutral' };
  const due = input.reviewDueAt ? `, review due ${deadlineDay(input.reviewDueAt, input.timeZone)}` : '';
  return {
    title: `Finishline: ${evidence}${due}`,
    summary: 'Delivered on Finishline; the owner reviews it against the agreed acceptance criteria.',
    conclusion: null,
  };
}
