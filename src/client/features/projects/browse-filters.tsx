import { Search } from 'lucide-react';
import { useMemo } from 'react';
import { Input } from '#client/components/ui/input.js';
import { OptionsSelect } from '#client/components/ui/select.js';
import { useTechnologies } from '#client/features/projects/api.js';

/** Radix Select has no empty value, so 'All Technologies' is this sentinel. */
export const ALL_TECHNOLOGIES = 'all';

interface BrowseFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  tech: string;
  onTechChange: (value: string) => void;
}

export function BrowseFilters({ search, onSearchChange, tech, onTechChange }: BrowseFiltersProps) {
  const { data: technologies = [] } = useTechnologies();
  const options = useMemo(
    () => [{ value: ALL_TECHNOLOGIES, label: 'All Technologies' }, ...technologies.map((technology) => ({ value: technology, label: technology }))],
    [technologies],
  );
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search projects"
          placeholder="Search projects..."
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className="pl-9"
        />
      </div>
      <OptionsSelect value={tech} onValueChange={onTechChange} options={options} aria-label="Filter by technology" className="sm:w-56" />
    </div>
  );
}
