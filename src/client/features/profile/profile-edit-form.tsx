import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '#shared/contracts/users.js';
import { Button } from '#client/components/ui/button.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { AvatarInput } from './avatar-input.js';
import { type ProfileFormInput, type ProfileFormOutput, profileFormDefaults, profileFormSchema, toProfileChanges } from './profile-form-schema.js';
import { useUpdateProfile } from './api.js';

interface ProfileEditFormProps {
  user: User;
  showRates: boolean;
  onDone: () => void;
}

type TextFieldName = Exclude<keyof ProfileFormInput, 'bio'>;

/** The Profile tab in edit mode: 'Cancel' goes back, 'Save Changes' goes back after a successful save. */
export function ProfileEditForm({ user, showRates, onDone }: ProfileEditFormProps) {
  const update = useUpdateProfile(user.id);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormDefaults(user),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    if (avatarError) return;
    update.mutate({ changes: toProfileChanges(values, { includeRates: showRates }), avatar }, { onSuccess: onDone });
  });

  const textField = (name: TextFieldName, label: string, props: { type?: string; placeholder?: string; autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <FormField id={`profile-${name}`} label={label} error={errors[name]?.message}>
      {(describedBy) => (
        <Input id={`profile-${name}`} aria-describedby={describedBy} aria-invalid={errors[name] ? true : undefined} {...props} {...form.register(name)} />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit Profile" className="grid gap-5">
      <AvatarInput
        username={user.username}
        currentUrl={user.avatarUrl}
        file={avatar}
        error={avatarError ?? undefined}
        onChange={(file, problem) => {
          setAvatar(problem ? null : file);
          setAvatarError(problem);
        }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {textField('username', 'Username', { autoComplete: 'username' })}
        {textField('email', 'Email', { type: 'email', autoComplete: 'email' })}
      </div>
      <FormField id="profile-bio" label="Bio" error={errors.bio?.message}>
        {(describedBy) => (
          <Textarea id="profile-bio" rows={4} aria-describedby={describedBy} aria-invalid={errors.bio ? true : undefined} {...form.register('bio')} />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        {textField('location', 'Location', { placeholder: 'City, Country' })}
        {textField('website', 'Website', { type: 'url', placeholder: 'https://example.com' })}
      </div>
      {showRates ? (
        <div className="grid gap-5 sm:grid-cols-2">
          {textField('hourlyRate', 'Hourly Rate ($)', { inputMode: 'numeric' })}
          {textField('yearsOfExperience', 'Years of Experience', { inputMode: 'numeric' })}
        </div>
      ) : null}
      <fieldset className="grid gap-5">
        <legend className="mb-3 text-sm font-semibold">Social Profiles</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          {textField('githubUrl', 'GitHub', { type: 'url', placeholder: 'https://github.com/you' })}
          {textField('linkedinUrl', 'LinkedIn', { type: 'url', placeholder: 'https://linkedin.com/in/you' })}
          {textField('twitterUrl', 'Twitter', { type: 'url', placeholder: 'https://twitter.com/you' })}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
          Save Changes
        </Button>
      </div>
    </form>
  );
}
