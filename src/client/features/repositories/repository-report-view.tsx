import { AlertTriangle, GitBranch } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RepositoryReport } from '#shared/contracts/repositories.js';
import { LocalTime } from '#client/components/local-time.js';
import { Badge } from '#client/components/ui/badge.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { failureReason, providerLabels, shortSha } from '#client/lib/repository-rules.js';
import { ReportFigures } from './report-figures.js';

interface RepositoryReportViewProps {
  report: RepositoryReport;
  /** The owner's "Refresh report" button; nothing for anyone else. */
  action?: ReactNode;
}

/** The intake report as everyone who may read the project sees it; presentational, so it renders in a test. */
export function RepositoryReportView({ report, action }: RepositoryReportViewProps) {
  const { repository } = report;
  const problems = report.status === 'failed' ? report.problems.slice(1) : report.problems;
  return (
    <Card role="region" aria-labelledby="repository-report-heading" className="gap-4">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle id="repository-report-heading" className="flex items-center gap-2">
            <GitBranch aria-hidden="true" className="size-5" /> Repository connected
          </CardTitle>
          {action}
        </div>
        <CardDescription className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          {repository.private ? (
            <span className="min-w-0 font-medium [overflow-wrap:anywhere] text-foreground">{repository.fullName}</span>
          ) : (
            <a href={repository.url} target="_blank" rel="noreferrer" className="min-w-0 font-medium [overflow-wrap:anywhere] text-foreground underline">
              {repository.fullName}
            </a>
          )}
          <span>on {providerLabels[repository.provider]}</span>
          {repository.private ? <Badge variant="muted">private</Badge> : null}
        </CardDescription>
        {report.commit && report.finishedAt ? (
          <p className="text-sm text-muted-foreground">
            Read from commit <code className="font-mono text-foreground">{shortSha(report.commit)}</code> on <LocalTime value={report.finishedAt} />
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {report.status === 'pending' ? <PendingReport /> : null}
        {report.status === 'failed' ? (
          <Notice>
            The report could not be written: <span className="[overflow-wrap:anywhere]">{failureReason(report)}</span>
          </Notice>
        ) : null}
        {report.status === 'partial' ? <Notice>This report covers part of the repository; what it left out is listed below.</Notice> : null}
        {report.status === 'ready' || report.status === 'partial' ? <ReportFigures report={report} /> : null}
        {problems.length > 0 ? (
          <details className="group rounded-md border p-3">
            <summary className="cursor-pointer font-medium">What the report left out or could not read ({problems.length})</summary>
            <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
              {problems.map((problem) => (
                <li key={problem} className="[overflow-wrap:anywhere]">
                  {problem}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PendingReport() {
  return (
    <div className="grid gap-2">
      <p role="status" className="text-muted-foreground">
        Reading the repository…
      </p>
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-amber-900">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}
