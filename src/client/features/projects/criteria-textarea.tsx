import { useState } from 'react';
import { criteriaFromLines } from '#shared/domain/scope.js';
import { Textarea } from '#client/components/ui/textarea.js';

interface CriteriaTextareaProps {
  id: string;
  describedBy?: string;
  invalid: boolean;
  defaultValue?: readonly string[];
  onChange: (criteria: string[]) => void;
  onBlur?: () => void;
}

/** Acceptance criteria typed one per line (issue 18): the text as typed stays, the form gets the lines. */
export function CriteriaTextarea({ id, describedBy, invalid, defaultValue = [], onChange, onBlur }: CriteriaTextareaProps) {
  const [text, setText] = useState(defaultValue.join('\n'));
  return (
    <Textarea
      id={id}
      rows={4}
      placeholder="Checkout works with a test card"
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(criteriaFromLines(event.target.value));
      }}
    />
  );
}
