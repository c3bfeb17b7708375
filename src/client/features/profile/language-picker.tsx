import { Check } from 'lucide-react';
import { cn } from '#client/lib/utils.js';
import { languageOptions } from '#client/lib/language-options.js';

interface LanguagePickerProps {
  selected: readonly string[];
  onChange: (next: string[]) => void;
}

/** The Skills tab's multi-select of programming languages (spec section 3 option list), as checkboxes. */
export function LanguagePicker({ selected, onChange }: LanguagePickerProps) {
  const isSelected = (value: string) => selected.includes(value);
  const toggle = (value: string) => onChange(isSelected(value) ? selected.filter((entry) => entry !== value) : [...selected, value]);
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Programming Languages</legend>
      <p className="mt-1 text-sm text-muted-foreground">Select the languages you work with.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {languageOptions.map((option) => {
          const checked = isSelected(option.value);
          return (
            <label
              key={option.value}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors select-none',
                'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                checked ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
              )}
            >
              <input type="checkbox" className="sr-only" checked={checked} onChange={() => toggle(option.value)} />
              {checked ? <Check aria-hidden="true" className="size-3.5" /> : null}
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
