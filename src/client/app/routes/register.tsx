import { RedirectScreen } from '#client/app/layout/redirect-screen.js';

export default function RegisterRedirectPage() {
  return <RedirectScreen to="/auth?tab=register" message="Redirecting to registration..." />;
}
