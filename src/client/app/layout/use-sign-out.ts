import { useNavigate } from 'react-router';
import { useLogoutMutation } from '#client/features/auth/api.js';

/** Signs out and returns to the home page. */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  return {
    signOut: () => logout.mutate(undefined, { onSuccess: () => void navigate('/', { replace: true }) }),
    isSigningOut: logout.isPending,
  };
}
