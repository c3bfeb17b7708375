import { SearchX } from 'lucide-react';
import { Button } from '#client/components/ui/button.js';
import { PageSpinner, Spinner } from '#client/components/ui/spinner.js';
import { FinisherCard } from '#client/features/finishers/finisher-card.js';
import { FinisherFilters } from '#client/features/finishers/finisher-filters.js';
import { directorySearchParams, readDirectorySearch } from '#client/features/finishers/directory-search.js';
import { useDirectory } from '#client/features/finishers/api.js';
import { errorMessage } from '#client/lib/api.js';
import { useUrlSearch } from '#client/lib/use-url-search.js';
import { useUrlSearchText } from '#client/lib/use-url-search-text.js';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The public finisher directory (spec section 2), searched, filtered, sorted and paged by the server
 * (issue 30, item 4). Everything it shows is in its URL: a shared or reloaded address, and the page the
 * server renders for it, show the same developers with the same controls.
 */
export default function DevelopersPage() {
  const [search, update] = useUrlSearch(readDirectorySearch, directorySearchParams);

  // The box answers each key at once; the URL (and the request) follows once typing pauses.
  const [text, setText] = useUrlSearchText(search.q, (q) => update({ q }, true), SEARCH_DEBOUNCE_MS);

  const query = useDirectory(search);
  const finishers = query.data?.pages.flatMap((page) => page.finishers) ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Hire Developers</h1>
          <p className="mt-2 text-muted-foreground">Find talented developers to complete your projects</p>
        </div>
        <FinisherFilters
          search={text}
          onSearchChange={setText}
          sort={search.sort}
          onSortChange={(sort) => update({ sort })}
          availability={search.availability}
          onAvailabilityChange={(availability) => update({ availability })}
          skills={search.skills}
          onSkillsChange={(skills) => update({ skills })}
        />
      </div>
      <div className="mt-8">
        {query.isPending ? (
          <PageSpinner label="Loading developers" />
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
            <p className="font-medium">Could not load developers</p>
            <p className="text-sm text-muted-foreground">{errorMessage(query.error, 'Please try again later')}</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : finishers.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
            <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
            <h2 className="font-semibold">No developers found</h2>
            <p className="text-sm text-muted-foreground">Try adjusting your filters or search criteria</p>
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Developers">
              {finishers.map((finisher) => (
                <li key={finisher.id}>
                  <FinisherCard finisher={finisher} />
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? <Spinner className="size-4" label="Loading more developers" /> : null}
                  Load more
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
