import { FileCode2 } from 'lucide-react';
import type { RepositorySummary } from '#shared/contracts/repositories.js';
import { summaryLine } from '#client/lib/repository-rules.js';

/** A project card's one line about its connected repository's report (issue 29); nothing without one. */
export function ReportSummary({ summary }: { summary: RepositorySummary | null }) {
  if (!summary) return null;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
      <FileCode2 aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="sr-only">Repository: </span>
        {summaryLine(summary)}
      </span>
    </p>
  );
}
