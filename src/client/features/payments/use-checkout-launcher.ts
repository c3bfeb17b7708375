import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '#client/lib/api.js';
import { CheckoutSetupError, requestCheckoutUrl } from './api.js';

/**
 * 'Proceed to Checkout': toast, ask the server for the hosted checkout, send the browser there.
 * The busy flag blocks repeated clicks (a ref too, since two clicks can land before a re-render)
 * and stays set on success because the page is being left; a failure resets it (spec section 8).
 */
export function useCheckoutLauncher(bidId: number) {
  const [isBusy, setIsBusy] = useState(false);
  const busyRef = useRef(false);

  const launch = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setIsBusy(true);
    toast('Redirecting to Checkout');
    try {
      const checkoutUrl = await requestCheckoutUrl(bidId);
      window.location.assign(checkoutUrl);
    } catch (error) {
      const description = error instanceof CheckoutSetupError ? error.message : errorMessage(error, 'Please try again later');
      toast.error('Error setting up payment', { description });
      busyRef.current = false;
      setIsBusy(false);
    }
  }, [bidId]);

  return { isBusy, launch };
}
