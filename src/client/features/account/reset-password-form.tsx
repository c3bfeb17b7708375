import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { LabelledInput } from '#client/components/ui/labelled-input.js';
import { type ResetPasswordForm as FormValues, resetPasswordFormSchema } from './password-form-schemas.js';
import { useConfirmPasswordReset } from './api.js';

/** The new password, twice; on success the user logs in with it on /auth. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const form = useForm<FormValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) => {
    confirm.mutate({ token, password }, { onSuccess: () => void navigate('/auth', { replace: true }) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset password">
      <LabelledInput
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <LabelledInput
        id="reset-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <SubmitButton className="w-full" isPending={confirm.isPending} pendingText="Resetting..." spinnerLabel="Resetting password">
        Reset password
      </SubmitButton>
      {confirm.isError ? (
        <Link to="/forgot-password" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          Request a new reset link
        </Link>
      ) : null}
    </form>
  );
}
