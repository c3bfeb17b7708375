import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';

/** Protected routes: a spinner while the current user loads, /auth for a visitor. */
export function RequireAuth() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
