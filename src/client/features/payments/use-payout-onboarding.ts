import { useMutation, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/contracts/users.js';
import { apiRequest } from '#client/lib/api.js';

export interface OnboardingStatus {
  isComplete: boolean;
  accountId: string | null;
}

/** The provider's segment in the spec's /api/{provider}/... paths. */
const PROVIDER = 'stripe';

export const onboardingStatusKey = (userId: number) => ['/api/stripe/check-onboarding-status', userId] as const;

/** POST /api/{provider}/create-connect-account: the finisher's onboarding link (a relative sandbox URL or the provider's). */
export async function requestOnboardingLink(user: Pick<User, 'id' | 'email'>): Promise<string> {
  const { url } = await apiRequest<{ url?: string }>('POST', `/api/${PROVIDER}/create-connect-account`, { userId: user.id, email: user.email });
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

/**
 * POST /api/{provider}/check-onboarding-status. A query rather than a mutation: it changes nothing
 * the user asked for, and a query runs once per mount even under StrictMode. Every mount checks
 * afresh, and a failure is final (the callers decide how to report it).
 */
export function useOnboardingStatus(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: onboardingStatusKey(userId ?? 0),
    queryFn: () => apiRequest<OnboardingStatus>('POST', `/api/${PROVIDER}/check-onboarding-status`, { userId }),
    enabled: Boolean(userId) && enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
