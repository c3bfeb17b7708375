import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { LoginBody, RegisterBody } from '#shared/contracts/auth.js';
import type { User } from '#shared/contracts/users.js';
import { apiRequest, errorMessage } from '#client/lib/api.js';
import { currentUserKey } from './use-user.js';

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<User>('POST', '/api/login', body),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast.success('Login successful', { description: 'Welcome back!' });
    },
    onError: (error) => toast.error('Login failed', { description: errorMessage(error, 'Failed to login') }),
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<User>('POST', '/api/register', body),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast.success('Registration successful');
    },
    onError: (error) => toast.error('Registration failed', { description: errorMessage(error, 'Failed to register') }),
  });
}

/** Drops everything cached for the previous user, then records that nobody is signed in. */
export function forgetSignedInUser(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  queryClient.setQueryData(currentUserKey, null);
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/logout'),
    onSuccess: () => forgetSignedInUser(queryClient),
    onError: (error) => toast.error('Logout failed', { description: errorMessage(error, 'Failed to logout') }),
  });
}
