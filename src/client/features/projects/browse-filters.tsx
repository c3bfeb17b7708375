import { Search, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { effectiveSort, type ProjectSearch, type ProjectSort, projectSortLabels, projectSorts } from '#shared/domain/project-search.js';
import { Button } from '#client/components/ui/button.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';
import { OptionsSelect } from '#client/components/ui/select.js';
import { useTechnologies } from '#client/features/projects/api.js';
import { useDebouncedValue } from '#client/lib/use-debounced-value.js';
import { useStillOnPage } from '#client/lib/use-url-search-text.js';

/** Radix Select has no empty value, so 'All Technologies' is this sentinel. */
export const ALL_TECHNOLOGIES = 'all';

const BUDGET_DEBOUNCE_MS = 500;

interface BrowseFiltersProps {
  /** The search box's text as typed (the URL follows once typing pauses). */
  text: string;
  onTextChange: (value: string) => void;
  /** The search the URL holds. */
  search: ProjectSearch;
  onChange: (change: Partial<ProjectSearch>) => void;
}

/** A budget box's text as a whole number of dollars: null when empty, undefined when it is not one. */
const dollarsOf = (text: string): number | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,8}$/.test(trimmed) ? Number(trimmed) : undefined;
};

/** One budget box: it takes each key at once and tells the URL once typing pauses. */
function BudgetInput({ id, label, value, onChange }: { id: string; label: string; value: number | null; onChange: (value: number | null) => void }) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const typed = useDebouncedValue(text, BUDGET_DEBOUNCE_MS);
  const stillHere = useStillOnPage();
  useEffect(() => {
    const dollars = dollarsOf(typed);
    if (dollars !== undefined && dollars !== value && stillHere()) onChange(dollars);
    // Only a pause in typing writes the URL; a URL changed otherwise is read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  useEffect(() => {
    setText((current) => (dollarsOf(current) === value ? current : value === null ? '' : String(value)));
  }, [value]);
  const invalid = dollarsOf(text) === undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        placeholder="Any"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className="w-full sm:w-32"
      />
      {invalid ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          Whole dollars only
        </p>
      ) : null}
    </div>
  );
}

/**
 * Browse's filters (spec section 4's search box and technology filter, with issue 30's technologies,
 * budget range and order). Everything here is in the page's URL.
 */
export function BrowseFilters({ text, onTextChange, search, onChange }: BrowseFiltersProps) {
  const { data: technologies = [] } = useTechnologies();
  const options = useMemo(
    () => [{ value: ALL_TECHNOLOGIES, label: 'All Technologies' }, ...technologies.map((technology) => ({ value: technology, label: technology }))],
    [technologies],
  );
  const sort = effectiveSort(search.sort ?? undefined, search.q !== '');
  const sortOptions = projectSorts.filter((value) => value !== 'relevance' || search.q !== '').map((value) => ({ value, label: projectSortLabels[value] }));
  const addTechnology = (value: string) => {
    if (value === ALL_TECHNOLOGIES) onChange({ tech: [] });
    else if (!search.tech.includes(value)) onChange({ tech: [...search.tech, value] });
  };

  return (
    <div className="grid gap-3" role="group" aria-label="Filters">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search projects"
            placeholder="Search projects..."
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            className="pl-9"
          />
        </div>
        <OptionsSelect
          value={search.tech.at(-1) ?? ALL_TECHNOLOGIES}
          onValueChange={addTechnology}
          options={options}
          aria-label="Filter by technology"
          className="sm:w-56"
        />
      </div>
      {search.tech.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Technologies">
          {search.tech.map((tech) => (
            <li key={tech}>
              <Button
                variant="secondary"
                size="sm"
                className="h-7 rounded-full"
                aria-label={`Remove ${tech}`}
                onClick={() => onChange({ tech: search.tech.filter((other) => other !== tech) })}
              >
                {tech} <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <BudgetInput id="browse-min-budget" label="Min budget ($)" value={search.minBudget} onChange={(minBudget) => onChange({ minBudget })} />
        <BudgetInput id="browse-max-budget" label="Max budget ($)" value={search.maxBudget} onChange={(maxBudget) => onChange({ maxBudget })} />
        <div className="grid gap-2">
          <Label htmlFor="browse-sort">Sort by</Label>
          <OptionsSelect
            id="browse-sort"
            className="w-full sm:w-52"
            value={sort}
            onValueChange={(value) => onChange({ sort: value as ProjectSort })}
            options={sortOptions}
          />
        </div>
      </div>
    </div>
  );
}
