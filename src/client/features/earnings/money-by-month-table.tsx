import { formatMoney } from '#shared/domain/money.js';
import { cn } from '#client/lib/utils.js';
import { monthLabel } from './month-label.js';

export interface MonthColumn<Row> {
  label: string;
  cents: (row: Row) => number;
}

// A stacked cell (below sm) shows its column's name before its value, as the operator's queue does.
const cell =
  'px-4 py-2 text-right tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:py-1 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

/** The months the server answered, newest first, each with the figures the server gave. */
export function MoneyByMonthTable<Row extends { month: string }>({
  rows,
  columns,
  caption,
}: {
  rows: readonly Row[];
  columns: MonthColumn<Row>[];
  caption: string;
}) {
  const newestFirst = [...rows].reverse();
  return (
    <div className="overflow-x-auto rounded-xl border" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground max-sm:sr-only">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Month
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="px-4 py-2 text-right font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {newestFirst.map((row) => (
            <tr key={row.month} className="border-t max-sm:block max-sm:py-2 max-sm:first:border-t-0">
              <th scope="row" className="px-4 py-2 text-left font-medium max-sm:block max-sm:py-1">
                {monthLabel(row.month)}
              </th>
              {columns.map((column) => (
                <td key={column.label} className={cn(cell)} data-label={column.label}>
                  {formatMoney(column.cents(row), { showCents: true })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
