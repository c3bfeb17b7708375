import { AccountPageShell } from '@/features/account/account-page-shell';
import { ForgotPasswordForm } from '@/features/account/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AccountPageShell title="Forgot your password?" description="Enter the email of your account and we will send you a link to choose a new password.">
      <ForgotPasswordForm />
    </AccountPageShell>
  );
}
