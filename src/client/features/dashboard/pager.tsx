import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.js';

interface PagerProps {
  page: number;
  pageCount: number;
  previous: () => void;
  next: () => void;
}

/** 'Previous' / 'Page x of y' / 'Next' under a dashboard list. */
export function Pager({ page, pageCount, previous, next }: PagerProps) {
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 pt-2">
      <Button variant="outline" size="sm" onClick={previous} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </span>
      <Button variant="outline" size="sm" onClick={next} disabled={page >= pageCount}>
        Next <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
