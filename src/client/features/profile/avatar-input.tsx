import { useEffect, useState } from 'react';
import { avatarFormats, imageMimeTypes, uploadProblem } from '#shared/domain/uploads.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { initialsOf } from '#client/lib/utils.js';

/** Spec section 5, Avatar upload: jpeg, jpg, png or gif, at most 5242880 bytes, one file. */
const AVATAR_TYPES = avatarFormats.map((format) => imageMimeTypes[format]);

/** Checked before uploading, in the server's words (the server checks the bytes again). */
export const avatarProblem = (file: File): string | null => uploadProblem(file, avatarFormats);

interface AvatarInputProps {
  username: string;
  currentUrl: string | null;
  file: File | null;
  error?: string;
  onChange: (file: File | null, problem: string | null) => void;
}

/** The avatar file input with a preview of the chosen image (or the current avatar). */
export function AvatarInput({ username, currentUrl, file, error, onChange }: AvatarInputProps) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shownUrl = previewUrl ?? currentUrl;
  return (
    <div className="flex items-start gap-4">
      <Avatar className="size-16">
        {shownUrl ? <AvatarImage src={shownUrl} alt="" /> : null}
        <AvatarFallback className="text-lg">{initialsOf(username)}</AvatarFallback>
      </Avatar>
      <div className="flex-1">
        <FormField id="profile-avatar" label="Avatar" hint="JPEG, PNG or GIF up to 5MB" error={error}>
          {(describedBy) => (
            <Input
              id="profile-avatar"
              type="file"
              accept={AVATAR_TYPES.join(',')}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              className="cursor-pointer file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                onChange(chosen, chosen ? avatarProblem(chosen) : null);
              }}
            />
          )}
        </FormField>
      </div>
    </div>
  );
}
