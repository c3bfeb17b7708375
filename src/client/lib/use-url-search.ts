import { useSearchParams } from 'react-router';

/**
 * A page whose search lives in its URL (browse, the directory): the search the address holds, and
 * `update`, which writes a change into the address.
 *
 * A change merges into the address as it is now, not as last rendered. The router renders a
 * navigation as a transition, so a second change can come before the first one's render (the search
 * box's text written as typing pauses, then a technology picked at once): built on the rendered
 * parameters, it would navigate to the old text with the new technology and undo the first.
 */
export function useUrlSearch<Search>(
  read: (params: URLSearchParams) => Search,
  toParams: (search: Search) => URLSearchParams | Record<string, string>,
): [Search, (change: Partial<Search>, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = (change: Partial<Search>, replace = false) => {
    const current = typeof window === 'undefined' ? searchParams : new URLSearchParams(window.location.search);
    setSearchParams(toParams({ ...read(current), ...change }), { replace, preventScrollReset: true });
  };
  return [read(searchParams), update];
}
