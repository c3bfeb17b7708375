import { useState } from 'react';
import { DASHBOARD_PAGE_SIZE } from './dashboard-rules.js';

/** Client-side paging of a list; the page is clamped when the list shrinks (after a search or an application). */
export function usePager<T>(items: readonly T[], pageSize = DASHBOARD_PAGE_SIZE) {
  const [requestedPage, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const page = Math.min(requestedPage, pageCount);
  return {
    page,
    pageCount,
    pageItems: items.slice((page - 1) * pageSize, page * pageSize),
    previous: () => setPage(Math.max(1, page - 1)),
    next: () => setPage(Math.min(pageCount, page + 1)),
    reset: () => setPage(1),
  };
}
