import { Check, ChevronDown, Search } from 'lucide-react';
import type { DeveloperSort } from '#shared/domain/developer-directory.js';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '#client/components/ui/dropdown-menu.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';
import { OptionsSelect } from '#client/components/ui/select.js';
import { directorySkillOptions } from '#client/lib/language-options.js';
import { type Availability, availabilityOptions, isAvailability, isDeveloperSort, sortOptions } from './directory-search.js';

interface FinisherFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  sort: DeveloperSort;
  onSortChange: (value: DeveloperSort) => void;
  availability: Availability;
  onAvailabilityChange: (value: Availability) => void;
  skills: readonly string[];
  onSkillsChange: (next: string[]) => void;
}

/**
 * The search box and the sort (issue 30, item 4) with the Availability select and the Skills
 * multi-select menu of spec section 2, Developer directory.
 */
export function FinisherFilters({
  search,
  onSearchChange,
  sort,
  onSortChange,
  availability,
  onAvailabilityChange,
  skills,
  onSkillsChange,
}: FinisherFiltersProps) {
  const toggle = (value: string, checked: boolean) => onSkillsChange(checked ? [...skills, value] : skills.filter((skill) => skill !== value));
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filters">
      <div className="grid w-full gap-2 sm:w-64">
        <Label htmlFor="developer-search">Search</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="developer-search"
            type="search"
            placeholder="Username, bio or skills"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="developer-sort">Sort by</Label>
        <OptionsSelect
          id="developer-sort"
          className="w-56"
          value={sort}
          onValueChange={(value) => isDeveloperSort(value) && onSortChange(value)}
          options={sortOptions}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="developer-availability">Availability</Label>
        <OptionsSelect
          id="developer-availability"
          className="w-48"
          value={availability}
          onValueChange={(value) => isAvailability(value) && onAvailabilityChange(value)}
          options={availabilityOptions}
        />
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" aria-label={skills.length > 0 ? `Skills, ${skills.length} selected` : 'Skills'}>
            Skills
            {skills.length > 0 ? (
              <Badge aria-hidden="true" className="rounded-full px-1.5 tabular-nums">
                {skills.length}
              </Badge>
            ) : null}
            <ChevronDown aria-hidden="true" className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-56">
          <DropdownMenuLabel>Programming Languages</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {directorySkillOptions.map((option) => (
            <DropdownMenuPrimitive.CheckboxItem
              key={option.value}
              checked={skills.includes(option.value)}
              onCheckedChange={(checked) => toggle(option.value, checked === true)}
              // Keep the menu open so several skills can be picked in a row.
              onSelect={(event) => event.preventDefault()}
              className="relative flex cursor-default items-center rounded-sm py-1.5 pr-2 pl-8 text-sm outline-hidden select-none focus:bg-accent focus:text-accent-foreground"
            >
              <span className="absolute left-2 flex size-4 items-center justify-center">
                <DropdownMenuPrimitive.ItemIndicator>
                  <Check aria-hidden="true" className="size-4" />
                </DropdownMenuPrimitive.ItemIndicator>
              </span>
              {option.label}
            </DropdownMenuPrimitive.CheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
