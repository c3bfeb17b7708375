import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { registerBodySchema } from '#shared/contracts/auth.schemas.js';
import { FieldError } from '#client/components/ui/field-error.js';
import { Label } from '#client/components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { LabelledInput } from '#client/components/ui/labelled-input.js';
import { readerTimeZone } from '#client/lib/format.js';
import { useIsHydrating } from '#client/lib/use-is-hydrating.js';
import { safeReturnPath } from '#client/lib/return-path.js';
import { useRegisterMutation, registrationFailedToast } from './api.js';

type RegisterInput = z.input<typeof registerBodySchema>;
type RegisterOutput = z.output<typeof registerBodySchema>;

export function RegisterForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const register = useRegisterMutation();
  // Switching to the other tab (or page) takes this form's failure toast with it.
  useEffect(() => () => void toast.dismiss(registrationFailedToast), []);
  const form = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { username: '', email: '', password: '', role: 'creator' },
  });
  const { errors } = form.formState;

  // Mail writes its dates in the zone the person reads time in: this browser's, until they pick another (decision 048).
  const timeZone = useIsHydrating() ? null : readerTimeZone();

  const onSubmit = form.handleSubmit((values) => {
    register.mutate(
      { ...values, timeZone: readerTimeZone() },
      {
        onSuccess: () => {
          // Back to the page the visitor asked for (issue 28, item 16), else welcomed on the dashboard.
          const next = safeReturnPath(searchParams.get('next'));
          void navigate(next ?? '/dashboard', { replace: true, state: next ? undefined : { welcome: 'new' } });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Register">
      <LabelledInput id="register-username" label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <LabelledInput
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <LabelledInput
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="grid gap-2">
        <Label htmlFor="register-role">Role</Label>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger
                id="register-role"
                aria-describedby="register-role-hint"
                aria-invalid={errors.role ? true : undefined}
                onBlur={field.onBlur}
                ref={field.ref}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="creator">Creator</SelectItem>
                <SelectItem value="developer">Developer</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
        <p id="register-role-hint" className="text-xs text-muted-foreground">
          Creators submit projects and hire developers. Developers bid to finish them.
        </p>
        <FieldError id="register-role-error" message={errors.role?.message} />
      </div>
      {timeZone ? (
        <p className="text-xs break-words text-muted-foreground" data-testid="register-time-zone">
          Emails give dates in your time zone, {timeZone}; you can change it in your account settings.
        </p>
      ) : null}
      <SubmitButton className="mt-2 w-full" isPending={register.isPending} pendingText="Creating account...">
        Create account
      </SubmitButton>
    </form>
  );
}
