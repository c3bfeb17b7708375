import { type FormEvent, useId, useState } from 'react';
import { Download } from 'lucide-react';
import { addYears, isCalendarDay, STATEMENT_MAX_YEARS } from '#shared/contracts/earnings.schemas.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { FieldError } from '#client/components/ui/field-error.js';
import { LabelledInput } from '#client/components/ui/labelled-input.js';
import { statementPath } from './api.js';

/** Today in the browser's zone, YYYY-MM-DD (what a date field holds). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The same rules as the server's (statementQuerySchema), said before the download starts. */
function rangeProblem(from: string, to: string): string | undefined {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'Choose both dates.';
  if (from > to) return 'The start date is after the end date.';
  if (to >= addYears(from, STATEMENT_MAX_YEARS)) return `A statement covers at most ${STATEMENT_MAX_YEARS} years.`;
  return undefined;
}

/**
 * The CSV export: a plain GET form to GET /api/users/{id}/ledger.csv, so the browser downloads the
 * streamed file itself (no JavaScript holds it in memory).
 */
export function StatementExport({ userId }: { userId: number }) {
  const id = useId();
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<string>();
  const problemId = `${id}-range-error`;

  const check = (event: FormEvent<HTMLFormElement>) => {
    const found = rangeProblem(from, to);
    setProblem(found);
    if (found) event.preventDefault();
  };

  return (
    <Card className="gap-4" role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} as="h2">
          Export a statement
        </CardTitle>
        <CardDescription>Every ledger entry between two dates (both included) as a CSV file, oldest first.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          method="get"
          action={statementPath(userId)}
          onSubmit={check}
          className="flex flex-wrap items-end gap-4"
          aria-describedby={problem ? problemId : undefined}
        >
          <LabelledInput id={`${id}-from`} name="from" type="date" label="From" value={from} required onChange={(e) => setFrom(e.target.value)} />
          <LabelledInput id={`${id}-to`} name="to" type="date" label="To" value={to} required onChange={(e) => setTo(e.target.value)} />
          <Button type="submit">
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        </form>
        <FieldError id={problemId} message={problem} />
      </CardContent>
    </Card>
  );
}
