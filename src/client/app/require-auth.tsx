import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { signInPath } from '#client/lib/return-path.js';

/** Protected routes: a spinner while the current user loads, /auth for a visitor, who comes back here once signed in. */
export function RequireAuth() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (!user) return <Navigate to={signInPath(location)} replace />;
  return <Outlet />;
}
