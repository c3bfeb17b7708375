import { FileCheck2, GitCommitHorizontal } from 'lucide-react';
import type { Repository } from '#shared/contracts/repositories.js';
import type { StatementOfWork } from '#shared/contracts/scope.js';
import { formatMoney } from '#shared/domain/money.js';
import { LocalTime } from '#client/components/local-time.js';
import { ReportSummary } from '#client/components/report-summary.js';
import { criterionAnswerLabels } from '#shared/domain/scope.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { formatDays } from '#client/lib/format.js';
import { shortSha } from '#client/lib/repository-rules.js';
import { commitHref, frozenReportSummary } from '#client/lib/sandbox-git-rules.js';
import { useStatementOfWork } from './api.js';

/**
 * The statement of work frozen when the bid was accepted (issue 18, item 3), for the two parties on
 * the project page and on the dispute page. Nothing shows before a bid is accepted.
 */
export function StatementOfWorkCard({
  projectId,
  enabled,
  repository,
}: {
  projectId: number;
  enabled: boolean;
  /** The project's connected repository, when the page knows it: the start commit links to it. */
  repository?: Pick<Repository, 'provider' | 'url'> | null;
}) {
  const { data: statement } = useStatementOfWork(projectId, enabled);
  if (!statement) return null;
  return (
    <Card className="gap-4" aria-labelledby="statement-of-work-heading">
      <CardHeader>
        <CardTitle id="statement-of-work-heading" className="flex items-center gap-2">
          <FileCheck2 aria-hidden="true" className="size-5" /> Statement of Work
        </CardTitle>
        <CardDescription>Agreed when the bid was accepted; later edits to the project do not change it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-semibold">{formatMoney(statement.amountCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Timeline</dt>
            <dd>{formatDays(statement.timeline)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Revisions included</dt>
            <dd data-testid="revisions-left">
              {statement.includedRevisions} ({statement.revisionsLeft} left)
            </dd>
          </div>
        </dl>
        <StatementRepository statement={statement} repository={repository} />
        {statement.criteria.length > 0 ? (
          <ol className="grid list-decimal gap-2 pl-5" aria-label="Agreed acceptance criteria">
            {statement.criteria.map((criterion) => (
              <li key={criterion.id}>
                <span>{criterion.text}</span>
                <span className="block text-muted-foreground">
                  <span className="font-medium text-foreground">{criterion.answer ? criterionAnswerLabels[criterion.answer] : 'Not answered'}</span>
                  {criterion.note ? `: ${criterion.note}` : null}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted-foreground">No acceptance criteria were set for this project.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Issue 29: the commit the deal starts from and the intake report bidders read, both frozen at acceptance. */
function StatementRepository({ statement, repository }: { statement: StatementOfWork; repository?: Pick<Repository, 'provider' | 'url'> | null }) {
  const { startCommit, repositoryReport: report } = statement;
  if (!startCommit && !report) return null;
  const href = startCommit ? commitHref(repository, startCommit) : null;
  return (
    <div className="grid min-w-0 gap-1" data-testid="statement-repository">
      {startCommit ? (
        <p className="flex min-w-0 items-center gap-1.5">
          <GitCommitHorizontal aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0">
            Starts from commit{' '}
            {href ? (
              <a href={href} title={startCommit} target="_blank" rel="noreferrer" className="font-mono text-primary underline-offset-4 hover:underline">
                {shortSha(startCommit)}
              </a>
            ) : (
              <code className="font-mono" title={startCommit}>
                {shortSha(startCommit)}
              </code>
            )}
          </span>
        </p>
      ) : null}
      {report ? (
        <>
          <ReportSummary summary={frozenReportSummary(report)} />
          {report.finishedAt ? (
            <p className="text-xs text-muted-foreground">
              The repository report bidders read, written <LocalTime value={report.finishedAt} />
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
