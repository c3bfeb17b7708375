import { SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '#client/components/ui/button.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { FinisherCard } from '#client/features/finishers/finisher-card.js';
import { FinisherFilters } from '#client/features/finishers/finisher-filters.js';
import { type Availability, filterFinishers } from '#client/features/finishers/filter-finishers.js';
import { useFinishers } from '#client/features/finishers/api.js';
import { errorMessage } from '#client/lib/api.js';

/** The public finisher directory (spec section 2), filtered on the client (spec section 5). */
export default function DevelopersPage() {
  const { data: finishers, isPending, error, refetch } = useFinishers();
  const [availability, setAvailability] = useState<Availability>('all');
  const [skills, setSkills] = useState<string[]>([]);
  const shown = useMemo(() => filterFinishers(finishers ?? [], { skills, availability }), [finishers, skills, availability]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Hire Developers</h1>
          <p className="mt-2 text-muted-foreground">Find talented developers to complete your projects</p>
        </div>
        <FinisherFilters availability={availability} onAvailabilityChange={setAvailability} skills={skills} onSkillsChange={setSkills} />
      </div>
      <div className="mt-8">
        {isPending ? (
          <PageSpinner label="Loading developers" />
        ) : error ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
            <p className="font-medium">Could not load developers</p>
            <p className="text-sm text-muted-foreground">{errorMessage(error, 'Please try again later')}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
            <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
            <h2 className="font-semibold">No developers found</h2>
            <p className="text-sm text-muted-foreground">Try adjusting your filters</p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Developers">
            {shown.map((finisher) => (
              <li key={finisher.id}>
                <FinisherCard finisher={finisher} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
