import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { BidWithProject } from '#shared/contracts/bids.js';
import { bidPaymentState } from './payment-rules.js';

/**
 * The toasts and redirect of spec section 4 "Payment page rules". Each fires once per page visit:
 * refs survive StrictMode's second effect run and the refetches that follow a window focus.
 */
export function usePaymentPageRules(bid: BidWithProject | undefined, isCanceled: boolean) {
  const navigate = useNavigate();
  const hasToldCanceled = useRef(false);
  const hasToldBidState = useRef<number | null>(null);

  useEffect(() => {
    if (!isCanceled || hasToldCanceled.current) return;
    hasToldCanceled.current = true;
    toast.error('Payment Canceled', { description: 'Your payment was canceled. You can try again when ready.' });
  }, [isCanceled]);

  useEffect(() => {
    if (!bid || hasToldBidState.current === bid.id) return;
    const state = bidPaymentState(bid);
    // A paid bid's page says so itself (PaymentPage); no toast contradicts it.
    if (state === 'ready' || state === 'paid') return;
    hasToldBidState.current = bid.id;
    if (state === 'has-payment-intent') {
      toast('Ready for Payment');
      return;
    }
    toast.error('Payment not available', { description: 'This bid is not currently accepted for payment.' });
    void navigate(`/projects/${bid.projectId}`, { replace: true });
  }, [bid, navigate]);
}
