import { AccountPageShell } from '#client/features/account/account-page-shell.js';
import { ForgotPasswordForm } from '#client/features/account/forgot-password-form.js';

export default function ForgotPasswordPage() {
  return (
    <AccountPageShell title="Forgot your password?" description="Enter the email of your account and we will send you a link to choose a new password.">
      <ForgotPasswordForm />
    </AccountPageShell>
  );
}
