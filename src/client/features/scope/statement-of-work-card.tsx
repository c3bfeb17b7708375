import { FileCheck2 } from 'lucide-react';
import { formatMoney } from '#shared/domain/money.js';
import { criterionAnswerLabels } from '#shared/domain/scope.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { formatDays } from '#client/lib/format.js';
import { useStatementOfWork } from './api.js';

/**
 * The statement of work frozen when the bid was accepted (issue 18, item 3), for the two parties on
 * the project page and on the dispute page. Nothing shows before a bid is accepted.
 */
export function StatementOfWorkCard({ projectId, enabled }: { projectId: number; enabled: boolean }) {
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
