import { FolderSearch } from 'lucide-react';
import { projectSearchParams, readProjectSearch } from '#shared/domain/project-search.js';
import { Button } from '#client/components/ui/button.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { BrowseFilters } from '#client/features/projects/browse-filters.js';
import { BrowseProjectCard, BrowseProjectCardSkeleton } from '#client/features/projects/browse-project-card.js';
import { useBrowseProjects } from '#client/features/projects/api.js';
import { SaveSearchButton } from '#client/features/saved-searches/save-search-button.js';
import { errorMessage } from '#client/lib/api.js';
import { useUrlSearch } from '#client/lib/use-url-search.js';
import { useUrlSearchText } from '#client/lib/use-url-search-text.js';

/** Spec section 9: six skeleton cards while the list loads. */
const SKELETON_COUNT = 6;
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Browse Projects (spec section 4), searched, filtered and sorted by the server (issue 30, items 1
 * and 2). Everything it shows is in its URL: a shared or reloaded address, and the page the server
 * renders for it, show the same projects with the same controls.
 */
export default function BrowseProjectsPage() {
  const [search, update] = useUrlSearch(readProjectSearch, projectSearchParams);

  // The box answers each key at once; the URL (and the request) follows once typing pauses.
  const [text, setText] = useUrlSearchText(search.q, (q) => update({ q }, true), SEARCH_DEBOUNCE_MS);

  const query = useBrowseProjects(search);
  const projects = query.data?.pages.flatMap((page) => page.projects) ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Browse Projects</h1>
      <p className="mt-2 text-muted-foreground">Find half-finished projects that match your skills</p>

      <div className="mt-8 grid gap-3">
        <BrowseFilters text={text} onTextChange={setText} search={search} onChange={(change) => update(change)} />
        <div className="flex justify-end">
          <SaveSearchButton filters={{ q: search.q, tech: search.tech, minBudget: search.minBudget ?? undefined, maxBudget: search.maxBudget ?? undefined }} />
        </div>
      </div>

      <div className="mt-8">
        {query.isPending ? (
          <div role="status" aria-label="Loading projects" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <BrowseProjectCardSkeleton key={index} />
            ))}
          </div>
        ) : query.isError ? (
          <p role="alert" className="rounded-xl border border-destructive/30 bg-red-50 px-6 py-10 text-center text-sm text-red-800">
            {errorMessage(query.error, 'Failed to load projects')}
          </p>
        ) : projects.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
            <FolderSearch aria-hidden="true" className="size-8 text-muted-foreground" />
            <h2 className="text-lg font-semibold">No projects found</h2>
            <p className="max-w-md text-sm text-muted-foreground">Try adjusting your search or filter to find what you're looking for.</p>
          </div>
        ) : (
          <>
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {projects.map((project) => (
                <BrowseProjectCard key={project.id} project={project} />
              ))}
            </div>
            {query.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? <Spinner className="size-4" label="Loading more projects" /> : null}
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
