import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type SandboxPayBody, sandboxCheckoutSessionsPath, sandboxEndpoints, sandboxOnboardingPath } from '#shared/contracts/payments.js';
import { call } from '#client/lib/api.js';

const endpoints = sandboxEndpoints;

export const sandboxKeys = {
  checkoutSession: (sessionId: string) => [sandboxCheckoutSessionsPath, sessionId] as const,
  onboarding: (token: string) => [sandboxOnboardingPath, token] as const,
};

/** A hosted page is read once: nothing else changes a session while it is open. */
const once = { staleTime: Infinity, retry: false, refetchOnWindowFocus: false } as const;

export const sandboxCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sandboxKeys.checkoutSession(sessionId),
    queryFn: ({ signal }) => call(endpoints.checkoutSession, { params: { id: sessionId } }, { signal }),
    enabled: sessionId.length > 0,
    ...once,
  });

export const sandboxOnboardingQuery = (token: string) =>
  queryOptions({
    queryKey: sandboxKeys.onboarding(token),
    queryFn: ({ signal }) => call(endpoints.onboarding, { params: { id: token } }, { signal }),
    enabled: token.length > 0,
    ...once,
  });

export const useSandboxCheckout = (sessionId: string) => useQuery(sandboxCheckoutQuery(sessionId));
export const useSandboxOnboarding = (token: string) => useQuery(sandboxOnboardingQuery(token));

/** Pays, then leaves for the success URL; a decline stays on the page as the mutation's error. */
export function useSandboxPay(sessionId: string) {
  return useMutation({
    mutationFn: (card: SandboxPayBody) => call(endpoints.pay, { params: { id: sessionId }, body: card }),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}

export function useCompleteSandboxOnboarding(token: string) {
  return useMutation({
    mutationFn: () => call(endpoints.completeOnboarding, { params: { id: token } }),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
