import type { ComponentProps } from 'react';
import { FieldError } from '#client/components/ui/field-error.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';

type LabelledInputProps = ComponentProps<typeof Input> & { id: string; label: string; error?: string };

/** A labelled input with its validation message underneath, wired for screen readers. */
export function LabelledInput({ id, label, error, ...inputProps }: LabelledInputProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
