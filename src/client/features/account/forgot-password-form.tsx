import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type PasswordResetRequestBody } from '#shared/contracts/account.js';
import { passwordResetRequestBodySchema } from '#shared/contracts/account.schemas.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { LabelledInput } from '#client/components/ui/labelled-input.js';
import { useRequestPasswordReset } from './api.js';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestBody>({ resolver: zodResolver(passwordResetRequestBodySchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  if (request.isSuccess) {
    return (
      <div role="status" className="grid gap-4">
        <p className="flex items-start gap-3">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          <span>{request.data.message}</span>
        </p>
        <p className="text-sm text-muted-foreground">The link works only once and expires soon. Check your spam folder if it does not arrive.</p>
        <Link to="/auth" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to login
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="grid gap-4" aria-label="Forgot password">
      <LabelledInput
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <SubmitButton className="w-full" isPending={request.isPending} pendingText="Sending..." spinnerLabel="Sending reset link">
        Send reset link
      </SubmitButton>
      <Link to="/auth" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to login
      </Link>
    </form>
  );
}
