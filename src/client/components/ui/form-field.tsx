import type { ReactNode } from 'react';
import { FieldError } from '#client/components/ui/field-error.js';
import { Label } from '#client/components/ui/label.js';

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Receives the ids the control's aria-describedby should point to (hint and error). */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A label, a control, an optional hint and the validation message, wired for screen readers. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
