import { useNavigate } from 'react-router';
import { useLogoutMutation } from '@/features/auth/use-auth-mutations';

/** Signs out and returns to the home page. */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  return {
    signOut: () => logout.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) }),
    isSigningOut: logout.isPending,
  };
}
