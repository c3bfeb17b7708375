import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

/**
 * The project page after hosted checkout: the provider's success URL carries ?payment=success.
 * Toasts 'Payment successful' once per visit (the ref survives StrictMode's second effect run).
 */
export function useCheckoutSuccessToast() {
  const [searchParams] = useSearchParams();
  const isSuccess = searchParams.get('payment') === 'success';
  const hasToasted = useRef(false);
  useEffect(() => {
    if (!isSuccess || hasToasted.current) return;
    hasToasted.current = true;
    toast.success('Payment successful');
  }, [isSuccess]);
}
