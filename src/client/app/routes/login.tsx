import { RedirectScreen } from '@/app/layout/redirect-screen';

export default function LoginRedirectPage() {
  return <RedirectScreen to="/auth" message="Redirecting to authentication page..." />;
}
