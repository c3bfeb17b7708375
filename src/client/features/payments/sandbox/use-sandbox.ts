import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sandboxAccountSchema, sandboxCheckoutSchema, sandboxPayBodySchema } from '#shared/contracts/payments.js';
import { apiGet, apiRequest } from '#client/lib/api.js';

export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;
export type SandboxOnboarding = z.infer<typeof sandboxAccountSchema>;
export type SandboxCard = z.input<typeof sandboxPayBodySchema>;

/** A hosted page is read once: nothing else changes a session while it is open. */
const once = { staleTime: Infinity, retry: false, refetchOnWindowFocus: false } as const;

export function useSandboxCheckout(sessionId: string) {
  return useQuery({
    queryKey: ['/api/sandbox/checkout-sessions', sessionId],
    queryFn: ({ signal }) => apiGet<SandboxCheckout>(`/api/sandbox/checkout-sessions/${encodeURIComponent(sessionId)}`, { signal }),
    enabled: sessionId.length > 0,
    ...once,
  });
}

/** Pays, then leaves for the success URL; a decline (402) stays on the page as the mutation's error. */
export function useSandboxPay(sessionId: string) {
  return useMutation({
    mutationFn: (card: SandboxCard) => apiRequest<{ redirectUrl: string }>('POST', `/api/sandbox/checkout-sessions/${encodeURIComponent(sessionId)}/pay`, card),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}

export function useSandboxOnboarding(token: string) {
  return useQuery({
    queryKey: ['/api/sandbox/onboarding', token],
    queryFn: ({ signal }) => apiGet<SandboxOnboarding>(`/api/sandbox/onboarding/${encodeURIComponent(token)}`, { signal }),
    enabled: token.length > 0,
    ...once,
  });
}

export function useCompleteSandboxOnboarding(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<{ redirectUrl: string }>('POST', `/api/sandbox/onboarding/${encodeURIComponent(token)}/complete`),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
