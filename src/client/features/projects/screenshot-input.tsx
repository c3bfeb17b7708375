import { projectLimits } from '#shared/domain/limits.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';

export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Images only, at most 5 MB; the generic file messages of spec section 5. */
export function screenshotProblem(file: File): string | null {
  if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) return `File type must be ${SCREENSHOT_TYPES.join(', ')}`;
  if (file.size > projectLimits.screenshotMaxBytes) return `File is larger than ${projectLimits.screenshotMaxBytes} bytes`;
  return null;
}

interface ScreenshotInputProps {
  error?: string;
  onChange: (file: File | null, problem: string | null) => void;
}

export function ScreenshotInput({ error, onChange }: ScreenshotInputProps) {
  return (
    <FormField id="project-screenshot" label="Screenshot (optional)" hint="PNG, JPG, GIF up to 5MB" error={error}>
      {(describedBy) => (
        <Input
          id="project-screenshot"
          type="file"
          accept={SCREENSHOT_TYPES.join(',')}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="cursor-pointer file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            onChange(file, file ? screenshotProblem(file) : null);
          }}
        />
      )}
    </FormField>
  );
}
