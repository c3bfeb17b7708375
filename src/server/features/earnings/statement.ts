import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { type StatementQuery } from '#shared/contracts/earnings.js';
import { type LedgerEntryKind, ledgerEffects, ledgerKindLabels } from '#shared/domain/ledger.js';
import { DEFAULT_TIME_ZONE } from '#shared/domain/time-zone.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { selectRows } from '#server/db/raw-rows.js';
import type { UserRow } from '#server/db/schema/users.js';
import { requireAccess } from '#server/domain/require-access.js';

/**
 * The person's ledger statement as CSV (issue 31, item 4; decision 065): keyset pages over the
 * (owner_id|finisher_id, created_at, id) indexes, one page in memory at a time, each page asked for
 * only when the response has taken the one before (the stream's backpressure).
 */

/** Rows per page: big enough that a page's query costs little per row, small enough to hold. */
export const STATEMENT_PAGE_ROWS = 1000;

export const STATEMENT_COLUMNS = [
  'id',
  'date',
  'time',
  'kind',
  'description',
  'effect',
  'project_id',
  'project',
  'payment_id',
  'amount',
  'amount_cents',
  'currency',
  'provider_id',
  'note',
  'recorded_at',
] as const;

interface StatementRow {
  id: number;
  /** The moment to the microsecond, UTC, ISO: the keyset cursor and the recorded_at column. */
  at: string;
  day: string;
  time: string;
  kind: LedgerEntryKind;
  project_id: number;
  project: string | null;
  payment_id: number;
  amount_cents: string | number;
  currency: string;
  provider_id: string | null;
  note: string | null;
}

/** PostgreSQL's refusal of a zone it does not know (invalid_parameter_value). */
export function isUnknownTimeZone(error: unknown): boolean {
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } } | null;
  const found = err?.cause ?? err;
  return found?.code === '22023' && /time zone/i.test(found.message ?? '');
}

/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe (OWASP's CSV injection advice); a cell with a comma, a quote or a
 * line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** 123456 -> '1234.56', 5 -> '0.05': dollars with two decimals, from the digits (no division, no float). */
export function centsAsDecimal(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function csvLine(row: StatementRow): string {
  const cents = Number(row.amount_cents);
  return [
    csvCell(row.id),
    csvCell(row.day),
    csvCell(row.time),
    csvCell(row.kind),
    csvCell(ledgerKindLabels[row.kind]),
    csvCell(ledgerEffects[row.kind]),
    csvCell(row.project_id),
    csvCell(row.project),
    csvCell(row.payment_id),
    centsAsDecimal(cents),
    csvCell(cents),
    csvCell(row.currency),
    csvCell(row.provider_id),
    csvCell(row.note),
    csvCell(row.at),
  ].join(',');
}

interface Range {
  userId: number;
  timeZone: string;
  from: string;
  /** The day after the last one: the range ends before it starts. */
  toExclusive: string;
}

/**
 * One side's next rows after the cursor, in the range, through its own index; both sides' rows
 * meet in one page (a person is one side of each deal, so no entry comes twice).
 */
function sideAfter(side: 'owner_id' | 'finisher_id', range: Range, cursorAt: string | null, cursorId: number) {
  const start = sql`(${range.from}::timestamp at time zone ${range.timeZone})`;
  const after = cursorAt === null ? sql`created_at >= ${start}` : sql`(created_at, id) > (${cursorAt}::timestamptz, ${cursorId}::int)`;
  return sql`(select id, created_at, kind, project_id, payment_id, amount_cents, currency, provider_id, note
    from ledger_entries
    where ${sql.raw(side)} = ${range.userId} and created_at >= ${start}
      and created_at < (${range.toExclusive}::timestamp at time zone ${range.timeZone}) and ${after}
    order by created_at, id limit ${STATEMENT_PAGE_ROWS})`;
}

async function readPage(db: DbOrTx, range: Range, cursorAt: string | null, cursorId: number): Promise<StatementRow[]> {
  return selectRows<StatementRow>(
    db,
    sql`select e.id,
        to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
        to_char(e.created_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day,
        to_char(e.created_at at time zone ${range.timeZone}, 'HH24:MI:SS') as time,
        e.kind, e.project_id, p.name as project, e.payment_id, e.amount_cents, e.currency, e.provider_id, e.note
      from (${sideAfter('owner_id', range, cursorAt, cursorId)} union all ${sideAfter('finisher_id', range, cursorAt, cursorId)}) e
      left join projects p on p.id = e.project_id
      order by e.created_at, e.id
      limit ${STATEMENT_PAGE_ROWS}`,
  );
}

/** The header, then each page's lines as one chunk; the next page is read only when the reader asks. */
async function* statementChunks(db: DbOrTx, range: Range, first: StatementRow[]): AsyncGenerator<string> {
  yield `${STATEMENT_COLUMNS.join(',')}\r\n`;
  let page = first;
  while (page.length > 0) {
    yield `${page.map(csvLine).join('\r\n')}\r\n`;
    if (page.length < STATEMENT_PAGE_ROWS) return;
    const last = page[page.length - 1]!;
    page = await readPage(db, range, last.at, last.id);
  }
}

function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export interface Statement {
  filename: string;
  body: Readable;
}

/**
 * GET /api/users/{id}/ledger.csv (self): the entries where the person is the owner or the finisher,
 * from `from` to `to` (both days included, in their time zone), oldest first. The first page is
 * read before anything is sent, so a database that fails answers an error, not a cut file.
 */
export async function openStatement(ctx: AppContext, actor: UserRow, userId: number, query: StatementQuery): Promise<Statement> {
  requireAccess(actor, 'readOwnEarnings', userId);
  let range: Range = { userId, timeZone: actor.timeZone, from: query.from, toExclusive: dayAfter(query.to) };
  let first: StatementRow[];
  try {
    first = await readPage(ctx.db, range, null, 0);
  } catch (error) {
    // A zone Intl knows and the database does not: the days are read in UTC rather than failing.
    if (!isUnknownTimeZone(error) || range.timeZone === DEFAULT_TIME_ZONE) throw error;
    range = { ...range, timeZone: DEFAULT_TIME_ZONE };
    first = await readPage(ctx.db, range, null, 0);
  }
  return {
    filename: `finishline-ledger-${query.from}-to-${query.to}.csv`,
    // Not object mode: the stream holds about one page of text before it stops asking for more.
    body: Readable.from(statementChunks(ctx.db, range, first), { objectMode: false }),
  };
}
