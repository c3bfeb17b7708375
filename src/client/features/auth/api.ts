import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { authEndpoints, type LoginBody, type RegisterBody } from '#shared/contracts/auth.js';
import { call, errorMessage } from '#client/lib/api.js';
import { currentUserKey, forgetSignedInUser } from '#client/lib/auth.js';

/** A form's failure toast is about that form: it goes when the person leaves it (LoginForm, RegisterForm). */
export const loginFailedToast = 'login-failed';
export const registrationFailedToast = 'registration-failed';

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => call(authEndpoints.login, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast.success('Login successful', { description: 'Welcome back!' });
    },
    onError: (error) => toast.error('Login failed', { id: loginFailedToast, description: errorMessage(error, 'Failed to login') }),
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => call(authEndpoints.register, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast.success('Registration successful');
    },
    onError: (error) => toast.error('Registration failed', { id: registrationFailedToast, description: errorMessage(error, 'Failed to register') }),
  });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    onSuccess: () => forgetSignedInUser(queryClient),
    onError: (error) => toast.error('Logout failed', { description: errorMessage(error, 'Failed to logout') }),
  });
}
