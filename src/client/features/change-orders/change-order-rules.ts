import type { ChangeOrder } from '#shared/contracts/change-orders.js';
import type { Deal } from '#shared/contracts/deal.js';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { formatMoney } from '#shared/domain/money.js';
import { isParty, type Person } from '#shared/domain/policies.js';

type DealProject = Pick<ProjectDetail, 'submitterId' | 'finisherId' | 'status' | 'isPaid' | 'acceptedAt'>;

/**
 * The server's rule for proposing (issue 18, item 6): the deal is live, i.e. paid, its work not yet
 * accepted, not cancelled, and no dispute open. The server checks it again; this only hides the button.
 */
export function canProposeChangeOrder(person: Person, project: DealProject, dispute: Deal['dispute'] | undefined): boolean {
  if (!isParty(person, project) || !project.isPaid) return false;
  if (project.status === 'cancelled' || project.status === 'accepted' || project.acceptedAt) return false;
  return !dispute || dispute.status === 'settled';
}

/** An accepted change order with an amount whose money has not arrived: the owner's Pay button. */
export const awaitsPayment = (changeOrder: Pick<ChangeOrder, 'status' | 'amountCents' | 'paymentStatus'>): boolean =>
  changeOrder.status === 'accepted' && changeOrder.amountCents > 0 && (changeOrder.paymentStatus === null || changeOrder.paymentStatus === 'pending');

export type PaymentState = { label: string; tone: 'warning' | 'info' | 'success' | 'muted' | 'destructive' } | null;

/** Where an accepted change order's money is, in the payment card's words; null when there is nothing to pay. */
export function paymentStateOf(changeOrder: Pick<ChangeOrder, 'status' | 'amountCents' | 'paymentStatus'>): PaymentState {
  if (changeOrder.status !== 'accepted' || changeOrder.amountCents === 0) return null;
  switch (changeOrder.paymentStatus) {
    case null:
    case 'pending':
      return { label: 'Awaiting payment', tone: 'warning' };
    case 'held':
      return { label: 'Paid, held in escrow', tone: 'info' };
    case 'released':
      return { label: 'Paid, released to developer', tone: 'success' };
    case 'refunded':
      return { label: 'Refunded', tone: 'muted' };
    case 'failed':
      return { label: 'Payment failed', tone: 'destructive' };
  }
}

/** "$400.50" or "No extra cost". */
export const changeOrderPrice = (amountCents: number): string => (amountCents > 0 ? formatMoney(amountCents, { showCents: true }) : 'No extra cost');

/** "3 extra days", "1 extra day", "No extra days". */
export const extraDaysText = (days: number): string => (days === 0 ? 'No extra days' : `${days} extra day${days === 1 ? '' : 's'}`);
