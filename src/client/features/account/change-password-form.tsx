import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { LabelledInput } from '#client/components/ui/labelled-input.js';
import { type ChangePasswordForm as FormValues, changePasswordFormSchema } from './password-form-schemas.js';
import { useChangePassword } from './api.js';

const emptyForm: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, new password twice. Other devices are signed out; this one stays signed in. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<FormValues>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: emptyForm });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => form.reset(emptyForm) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" aria-label="Change password">
      <LabelledInput
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <LabelledInput
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <LabelledInput
        id="confirm-new-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <SubmitButton className="w-fit" isPending={change.isPending} pendingText="Changing password...">
        Change password
      </SubmitButton>
    </form>
  );
}
