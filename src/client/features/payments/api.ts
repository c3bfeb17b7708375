import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { paymentEndpoints } from '#shared/contracts/payments.js';
import { projectEndpoints } from '#shared/contracts/projects.js';
import type { User } from '#shared/contracts/users.js';
import { type ApiError, call, isApiError } from '#client/lib/api.js';

const endpoints = paymentEndpoints;

export const paymentKeys = {
  /**
   * Under the project's key (projectKeys.detail), so the project page's invalidations refresh it too.
   * Spelled from the contract rather than imported from projects/api.ts, which would bring the
   * project mutations and their toasts into the payment and payout pages' chunks.
   */
  ofProject: (projectId: number) => [projectEndpoints.list.path, projectId, 'payment'] as const,
  onboardingStatus: (userId: number) => [endpoints.checkOnboardingStatus.path, userId] as const,
};

/**
 * POST /api/{provider}/check-onboarding-status. A query rather than a mutation: it changes nothing
 * the user asked for, and a query runs once per mount even under StrictMode. Every mount checks
 * afresh, and a failure is final (the callers decide how to report it).
 */
export const onboardingStatusQuery = (userId: number | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: paymentKeys.onboardingStatus(userId ?? 0),
    queryFn: () => call(endpoints.checkOnboardingStatus, { body: { userId } }),
    enabled: Boolean(userId) && enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useOnboardingStatus = (userId: number | undefined, enabled: boolean) => useQuery(onboardingStatusQuery(userId, enabled));

/** POST /api/{provider}/create-connect-account: the finisher's onboarding link (a relative sandbox URL or the provider's). */
async function requestOnboardingLink(user: Pick<User, 'id' | 'email'>): Promise<string> {
  const { url } = await call(endpoints.createConnectAccount, { body: { userId: user.id, email: user.email } });
  if (typeof url !== 'string' || !url) throw new Error('No onboarding link received from server');
  return url;
}

/** Creates (or resumes) the connected account and sends the browser to the provider's onboarding. */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: requestOnboardingLink,
    onSuccess: (url) => window.location.assign(url),
  });
}

/** A failed checkout request, carrying the spec's text for it. */
export class CheckoutSetupError extends Error {
  override readonly name = 'CheckoutSetupError';
}

const NON_JSON_ERROR = 'Authentication error. Please log in again.';
const MISSING_URL = 'No checkout URL received from server';

/**
 * POST /api/bids/{bidId}/pay: the checkout URL of an accepted bid; throws a CheckoutSetupError
 * carrying the spec's text (section 8), which words a failure by what the answer held.
 */
export async function requestCheckoutUrl(bidId: number): Promise<string> {
  let checkoutUrl: string | undefined;
  try {
    ({ checkoutUrl } = await call(endpoints.startCheckout, { params: { bidId }, body: { accept: true } }));
  } catch (error) {
    if (isApiError(error) && error.status >= 400) throw new CheckoutSetupError(checkoutFailure(error));
    // A success without a usable URL (not JSON, or JSON without one).
    throw new CheckoutSetupError(MISSING_URL);
  }
  if (!checkoutUrl) throw new CheckoutSetupError(MISSING_URL);
  return checkoutUrl;
}

function checkoutFailure(error: ApiError): string {
  // An HTML login page or a proxy's error page: the session is the usual culprit.
  if (error.body === 'other') return NON_JSON_ERROR;
  return error.body === 'message' && error.message ? error.message : `Error ${error.status}`;
}
