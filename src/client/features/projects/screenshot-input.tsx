import { imageMimeTypes, screenshotFormats, uploadProblem } from '#shared/domain/uploads.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';

const SCREENSHOT_TYPES = screenshotFormats.map((format) => imageMimeTypes[format]);

/** Images only, at most 5 MB, checked before uploading (the server checks the bytes again). */
export const screenshotProblem = (file: File): string | null => uploadProblem(file, screenshotFormats);

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
