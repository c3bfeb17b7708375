import { X } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.js';
import { addTechnology, techSuggestions } from './tech-suggestions.js';

interface TechStackPickerProps {
  id: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
}

/** Picks technologies from the suggestion list; each choice shows as a badge with a remove button. */
export function TechStackPicker({ id, value, onChange, onBlur, invalid, describedBy }: TechStackPickerProps) {
  const remaining = techSuggestions.filter((tech) => !value.includes(tech));
  return (
    <div className="grid gap-3">
      {/* Controlled with an empty value, so the trigger always reads the placeholder and every pick adds. */}
      <Select value="" onValueChange={(tech) => onChange(addTechnology(value, tech))}>
        <SelectTrigger id={id} onBlur={onBlur} aria-invalid={invalid ? true : undefined} aria-describedby={describedBy}>
          <SelectValue placeholder="Add a technology" />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          {remaining.map((tech) => (
            <SelectItem key={tech} value={tech}>
              {tech}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {value.length > 0 ? (
        <ul aria-label="Selected technologies" className="flex flex-wrap gap-2">
          {value.map((tech) => (
            <li key={tech}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 text-sm">
                {tech}
                <button
                  type="button"
                  aria-label={`Remove ${tech}`}
                  onClick={() => onChange(value.filter((item) => item !== tech))}
                  className="rounded-sm p-0.5 hover:bg-background/80 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
