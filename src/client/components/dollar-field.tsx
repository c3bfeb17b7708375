import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';

interface DollarFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}

/** An amount typed in dollars (cents allowed): the forms turn it into cents with parseDollarAmount. */
export function DollarField({ id, label, value, onChange, error, hint }: DollarFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
            $
          </span>
          <Input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            className="pl-7"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      )}
    </FormField>
  );
}
