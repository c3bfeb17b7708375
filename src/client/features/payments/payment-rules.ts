import type { BidWithProject } from '#shared/contracts/bids.js';
import { bidLifecycle } from '#shared/domain/bid-lifecycle.js';

/**
 * Spec section 4 "Payment page rules", in the order it lists them: an accepted bid without a
 * payment intent is ready for checkout; a bid with one gets 'Ready for Payment'; any other bid
 * is not available and the user goes back to the project.
 */
export type BidPaymentState = 'paid' | 'ready' | 'has-payment-intent' | 'not-available';

export function bidPaymentState(bid: Pick<BidWithProject, 'status' | 'paymentIntentId'>): BidPaymentState {
  // Paid already (and maybe completed since): nothing is left to pay, whatever the rules below say (issue 16).
  if (bid.status === 'paid' || (bid.status === 'completed' && bid.paymentIntentId)) return 'paid';
  // An accepted bid is the one the bid lifecycle lets a payment move on (markPaid).
  if (bidLifecycle.allows('markPaid', bid.status) && !bid.paymentIntentId) return 'ready';
  if (bid.paymentIntentId) return 'has-payment-intent';
  return 'not-available';
}
