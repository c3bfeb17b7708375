import { useSearchParams } from 'react-router';
import { AccountPageShell } from '#client/features/account/account-page-shell.js';
import { VerifyEmailResult } from '#client/features/account/verify-email-result.js';

/** /verify-email?token=...: the page the confirmation email links to (decision 036). */
export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  return (
    <AccountPageShell title="Confirm your email" description="Confirming the address proves it is yours. No sign-in needed.">
      <VerifyEmailResult token={searchParams.get('token') ?? ''} />
    </AccountPageShell>
  );
}
