import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTechnologies } from './use-project-queries';

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
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input type="search" aria-label="Search projects" placeholder="Search projects..." value={search} onChange={(event) => onSearchChange(event.target.value)} className="pl-9" />
      </div>
      <Select value={tech} onValueChange={onTechChange}>
        <SelectTrigger aria-label="Filter by technology" className="sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_TECHNOLOGIES}>All Technologies</SelectItem>
          {technologies.map((technology) => (
            <SelectItem key={technology} value={technology}>
              {technology}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
