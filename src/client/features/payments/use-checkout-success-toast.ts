import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

/**
 * The project page after hosted checkout: the provider's success URL carries ?payment=success, a
 * change order's cancel URL ?canceled=true (the bid's lands on the payment page, which tells it).
 * Toasts once per visit (the ref survives StrictMode's second effect run).
 */
export function useCheckoutSuccessToast() {
  const [searchParams] = useSearchParams();
  const isSuccess = searchParams.get('payment') === 'success';
  const isCanceled = searchParams.has('canceled');
  const hasToasted = useRef(false);
  useEffect(() => {
    if ((!isSuccess && !isCanceled) || hasToasted.current) return;
    hasToasted.current = true;
    if (isSuccess) toast.success('Payment successful');
    else toast.error('Payment Canceled', { description: `${notChargedText} You can try again when ready.` });
  }, [isSuccess, isCanceled]);
}

/** What a person who left checkout before paying needs to hear first (issue 28, item 5). */
export const notChargedText = 'You left checkout before paying: you were not charged.';
