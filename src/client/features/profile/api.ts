import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { profileEndpoints, type UpdateProfileBody } from '#shared/contracts/profile.js';
import { call, errorMessage } from '#client/lib/api.js';
import { currentUserKey } from '#client/lib/auth.js';
import { finisherKeys } from '#client/features/finishers/api.js';

const endpoints = profileEndpoints;

export interface ProfileUpdate {
  changes: UpdateProfileBody;
  /** A new avatar: the update then goes as multipart/form-data with the file in `avatar`. */
  avatar?: File | null;
}

const listFields = new Set(['skills', 'languages', 'frameworks']);

/** Multipart carries text only: lists as JSON text, a cleared value as '' (the server reads '' as nothing). */
export function toProfileFormData({ changes, avatar }: ProfileUpdate): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (listFields.has(key)) form.append(key, JSON.stringify(value ?? []));
    else form.append(key, value === null ? '' : String(value));
  }
  if (avatar) form.append('avatar', avatar);
  return form;
}

/**
 * PATCH /api/users/{id}/profile (spec section 7): the answer replaces the cached current user.
 * Failures toast 'Error' / 'Failed to update profile: {message}' (spec section 8); a refused
 * avatar shows the server's reason, else 'File upload failed' (spec section 5).
 */
export function useUpdateProfile(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => {
      if (!userId) throw new Error('User not found');
      const body = update.avatar ? toProfileFormData(update) : update.changes;
      return call(endpoints.update, { params: { id: userId }, body });
    },
    onSuccess: (user, update) => {
      queryClient.setQueryData(currentUserKey, user);
      // The directory and the public profile show the same fields.
      void queryClient.invalidateQueries({ queryKey: finisherKeys.all });
      // A new email waits for its confirmation link (decision 036): say where it went.
      const isEmailPending = user.pendingEmail !== null && update.changes.email?.trim().toLowerCase() === user.pendingEmail;
      toast.success('Profile updated', {
        description: isEmailPending
          ? `We sent a confirmation link to ${user.pendingEmail}. Your email stays ${user.email} until you open it.`
          : 'Your profile has been updated successfully.',
      });
    },
    onError: (error, update) => {
      const message = errorMessage(error, update.avatar ? 'File upload failed' : 'Please try again');
      toast.error('Error', { description: `Failed to update profile: ${message}` });
    },
  });
}
