import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { loginBodySchema } from '#shared/contracts/auth.schemas.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { LabelledInput } from '#client/components/ui/labelled-input.js';
import { safeReturnPath } from '#client/lib/return-path.js';
import { useLoginMutation, loginFailedToast } from './api.js';

type LoginInput = z.input<typeof loginBodySchema>;
type LoginOutput = z.output<typeof loginBodySchema>;

export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLoginMutation();
  // Switching to the other tab (or page) takes this form's failure toast with it.
  useEffect(() => () => void toast.dismiss(loginFailedToast), []);
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, { onSuccess: () => void navigate(safeReturnPath(searchParams.get('next')) ?? '/dashboard', { replace: true }) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Login">
      <LabelledInput
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <LabelledInput
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Link to="/forgot-password" className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline">
        Forgot password?
      </Link>
      <SubmitButton className="mt-2 w-full" isPending={login.isPending} pendingText="Logging in...">
        Login
      </SubmitButton>
    </form>
  );
}
