import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ChangePasswordBody, PasswordResetConfirmBody, PasswordResetRequestBody, Session } from '#shared/contracts/account.js';
import { apiGet, apiRequest, errorMessage } from '#client/lib/api.js';
import { forgetSignedInUser } from '#client/features/auth/use-auth-mutations.js';

export const sessionsKey = ['/api/sessions'] as const;

type Message = { message: string };
type Revoked = { revoked: number };

const otherSessions = (n: number) => `${n} other session${n === 1 ? '' : 's'}`;

/** The signed-in user's sessions, this device's included. */
export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => apiGet<Session[]>('/api/sessions', { signal }) });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `/api/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success('Session signed out'),
    onError: (error) => toast.error('Could not sign out that session', { description: errorMessage(error, 'Failed to sign out the session') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Revoked>('POST', '/api/sessions/revoke-others'),
    onSuccess: ({ revoked }) => toast.success('Signed out everywhere else', { description: `Signed out of ${otherSessions(revoked)}.` }),
    onError: (error) => toast.error('Could not sign out other sessions', { description: errorMessage(error, 'Failed to sign out') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest<Revoked>('POST', '/api/user/password', body),
    onSuccess: ({ revoked }) => {
      toast.success('Password changed', { description: revoked ? `Signed out of ${otherSessions(revoked)}.` : undefined });
      return queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (error) => toast.error('Password not changed', { description: errorMessage(error, 'Failed to change the password') }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) => apiRequest<Message>('POST', '/api/password-reset/request', body),
    onError: (error) => toast.error('Could not send the reset link', { description: errorMessage(error, 'Failed to request a password reset') }),
  });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) => apiRequest<Message>('POST', '/api/password-reset/confirm', body),
    onSuccess: ({ message }) => {
      // Every session of the account has ended, this browser's too if it had one.
      forgetSignedInUser(queryClient);
      toast.success('Password reset', { description: message });
    },
    onError: (error) => toast.error('Password reset failed', { description: errorMessage(error, 'Failed to reset the password') }),
  });
}
