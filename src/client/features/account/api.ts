import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  accountEndpoints,
  type ChangePasswordBody,
  type TimeZoneBody,
  type PasswordResetConfirmBody,
  type PasswordResetRequestBody,
} from '#shared/contracts/account.js';
import type { User } from '#shared/contracts/users.js';
import { call, errorMessage } from '#client/lib/api.js';
import { currentUserKey, forgetSignedInUser } from '#client/lib/auth.js';

const endpoints = accountEndpoints;

export const accountKeys = {
  sessions: [endpoints.sessions.path] as const,
};

export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => call(endpoints.sessions, {}, { signal }),
});

const otherSessions = (n: number) => `${n} other session${n === 1 ? '' : 's'}`;

/** The signed-in user's sessions, this device's included. */
export function useSessions() {
  return useQuery(sessionsQuery);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.revokeSession, { params: { id } }),
    onSuccess: () => toast.success('Session signed out'),
    onError: (error) => toast.error('Could not sign out that session', { description: errorMessage(error, 'Failed to sign out the session') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.revokeOtherSessions),
    onSuccess: ({ revoked }) => toast.success('Signed out everywhere else', { description: `Signed out of ${otherSessions(revoked)}.` }),
    onError: (error) => toast.error('Could not sign out other sessions', { description: errorMessage(error, 'Failed to sign out') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** PUT /api/account/time-zone: the zone the signed-in user's mail and deal sentences use (decision 048). */
export function useChangeTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TimeZoneBody) => call(endpoints.changeTimeZone, { body }),
    onSuccess: ({ timeZone }) => {
      queryClient.setQueryData<User | null>(currentUserKey, (user) => (user ? { ...user, timeZone } : user));
      toast.success('Time zone saved', { description: `Emails now give dates in ${timeZone}.` });
    },
    onError: (error) => toast.error('Time zone not saved', { description: errorMessage(error, 'Failed to save the time zone') }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call(endpoints.changePassword, { body }),
    onSuccess: ({ revoked }) => {
      toast.success('Password changed', { description: revoked ? `Signed out of ${otherSessions(revoked)}.` : undefined });
      return queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
    onError: (error) => toast.error('Password not changed', { description: errorMessage(error, 'Failed to change the password') }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) => call(endpoints.requestPasswordReset, { body }),
    onError: (error) => toast.error('Could not send the reset link', { description: errorMessage(error, 'Failed to request a password reset') }),
  });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) => call(endpoints.confirmPasswordReset, { body }),
    onSuccess: ({ message }) => {
      // Every session of the account has ended, this browser's too if it had one.
      forgetSignedInUser(queryClient);
      toast.success('Password reset', { description: message });
    },
    onError: (error) => toast.error('Password reset failed', { description: errorMessage(error, 'Failed to reset the password') }),
  });
}

/** POST /api/account/email-verification: a new confirmation link, to the pending address or the unconfirmed one. */
export function useResendEmailVerification() {
  return useMutation({
    mutationFn: () => call(endpoints.resendEmailVerification, { body: {} }),
    onSuccess: ({ message }) => toast.success('Confirmation email sent', { description: message }),
    onError: (error) => toast.error('Could not send the confirmation email', { description: errorMessage(error, 'Please try again later') }),
  });
}

/** POST /api/account/email-verification/confirm: the page the link opens shows the outcome itself, so no toast. */
export function useConfirmEmailVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(endpoints.confirmEmailVerification, { body: { token } }),
    // Whoever is signed in here may be the account that was confirmed: read the user again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
