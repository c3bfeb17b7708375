import { Link, useSearchParams } from 'react-router';
import { AccountPageShell } from '#client/features/account/account-page-shell.js';
import { ResetPasswordForm } from '#client/features/account/reset-password-form.js';

/** /reset-password?token=...: the page the reset email links to. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AccountPageShell title="Choose a new password" description="Every device signed in to your account will be signed out.">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="grid gap-4">
          <p role="alert">This password reset link is incomplete. Open the link from the email again, or request a new one.</p>
          <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Request a new reset link
          </Link>
        </div>
      )}
    </AccountPageShell>
  );
}
