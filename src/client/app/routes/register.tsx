import { RedirectScreen } from '@/app/layout/redirect-screen';

export default function RegisterRedirectPage() {
  return <RedirectScreen to="/auth?tab=register" message="Redirecting to registration..." />;
}
