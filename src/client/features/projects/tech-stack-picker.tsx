import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { projectLimits } from '#shared/domain/limits.js';
import { Badge } from '#client/components/ui/badge.js';
import { Input } from '#client/components/ui/input.js';
import { addTechnology, matchingSuggestions } from './tech-suggestions.js';

interface TechStackPickerProps {
  id: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Names the project's technologies: a combobox (WAI-ARIA's list autocomplete pattern) that
 * suggests known technologies containing what was typed, and adds exactly what was typed on Enter
 * when no suggestion is picked (issue 16: Go, Rust or anything else). Each choice shows as a badge
 * with a remove button.
 */
export function TechStackPicker({ id, value, onChange, onBlur, invalid, describedBy }: TechStackPickerProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = matchingSuggestions(value, text);
  const isFull = value.length >= projectLimits.techStackMax;
  const showList = open && suggestions.length > 0 && !isFull;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const add = (technology: string) => {
    onChange(addTechnology(value, technology));
    setText('');
    setActive(-1);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!showList) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : suggestions.length - 1);
        return;
      }
      // Up from the first suggestion goes back to the typed text (nothing picked).
      setActive((current) => (event.key === 'ArrowDown' ? Math.min(current + 1, suggestions.length - 1) : Math.max(current - 1, -1)));
    } else if (event.key === 'Enter') {
      // Enter adds and never submits the form; an empty field with nothing picked does nothing.
      event.preventDefault();
      const picked = showList && active >= 0 ? suggestions[active] : undefined;
      if (picked) add(picked);
      else if (text.trim()) add(text);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 && active < suggestions.length ? optionId(active) : undefined}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          placeholder={isFull ? `At most ${projectLimits.techStackMax} technologies` : 'Type a technology and press Enter, or pick one'}
          disabled={isFull}
          maxLength={projectLimits.technologyMax}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Technology suggestions"
          hidden={!showList}
          className="absolute z-50 mt-1 max-h-72 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {suggestions.map((tech, index) => (
            <li
              key={tech}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the field, so picking with the mouse does not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(tech)}
              className="cursor-pointer rounded-sm px-2 py-1.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground hover:bg-accent"
            >
              {tech}
            </li>
          ))}
        </ul>
      </div>
      {value.length > 0 ? (
        <ul aria-label="Selected technologies" className="flex flex-wrap gap-2">
          {value.map((tech) => (
            <li key={tech} className="min-w-0">
              <Badge variant="secondary" className="max-w-full gap-1 py-1 pr-1 text-sm [overflow-wrap:anywhere]">
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
