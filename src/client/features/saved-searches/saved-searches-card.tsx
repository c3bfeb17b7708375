import { BellRing, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { SavedSearch } from '#shared/contracts/saved-searches.js';
import { describeSavedSearch } from '#shared/domain/saved-searches.js';
import { projectSearchParams } from '#shared/domain/project-search.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { useDeleteSavedSearch, useSavedSearches } from './api.js';

const labelOf = (search: SavedSearch) =>
  describeSavedSearch({
    q: search.q,
    tech: search.tech,
    minBudgetCents: search.minBudgetCents,
    maxBudgetCents: search.maxBudgetCents,
  });

/** The browse page's URL for a saved search: the same filters, in the browse page's own parameters. */
export function browseUrlOf(search: Pick<SavedSearch, 'q' | 'tech' | 'minBudget' | 'maxBudget'>): string {
  const params = projectSearchParams({ q: search.q ?? '', tech: search.tech, minBudget: search.minBudget, maxBudget: search.maxBudget, sort: null });
  return `/projects?${params.toString()}`;
}

/** A developer's dashboard: their saved searches, each opening its browse page, with delete; nothing before the first. */
export function SavedSearchesCard({ userId }: { userId: number }) {
  const { data: searches } = useSavedSearches(userId);
  const remove = useDeleteSavedSearch(userId);
  if (!searches || searches.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="saved-searches-title" className="gap-4">
      <CardHeader>
        <CardTitle id="saved-searches-title" className="flex items-center gap-2 text-lg">
          <BellRing aria-hidden="true" className="size-5" /> Saved searches
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {searches.map((search) => {
            const label = labelOf(search);
            return (
              <li key={search.id} className="flex items-start justify-between gap-2">
                <div className="grid min-w-0 gap-1">
                  <Link to={browseUrlOf(search)} className="font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline">
                    {label}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {search.frequency === 'instant' ? 'Emails at once' : 'Daily digest'} ·{' '}
                    {search.matchCount === 1 ? '1 match' : `${search.matchCount} matches`}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete the saved search ${label}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(search.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
