import { useSearchParams } from 'react-router';
import { RedirectScreen } from '#client/app/layout/redirect-screen.js';
import { signInPathTo } from '#client/lib/return-path.js';

export default function LoginRedirectPage() {
  // The page the visitor asked for goes along (issue 28, item 16).
  const [searchParams] = useSearchParams();
  return <RedirectScreen to={signInPathTo(searchParams.get('next'))} message="Redirecting to authentication page..." />;
}
