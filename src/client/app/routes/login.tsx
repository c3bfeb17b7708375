import { RedirectScreen } from '#client/app/layout/redirect-screen.js';

export default function LoginRedirectPage() {
  return <RedirectScreen to="/auth" message="Redirecting to authentication page..." />;
}
