import { type SQLWrapper, sql } from 'drizzle-orm';
import { bigint } from 'drizzle-orm/pg-core';

/**
 * A money column: integer cents stored as bigint (docs/decisions/040-cents-as-bigint.md), read and
 * written as a JS number, exact up to Number.MAX_SAFE_INTEGER cents (about $90 trillion).
 */
export const centsColumn = (name: string) => bigint(name, { mode: 'number' });

/**
 * The sum of a money expression over rows, 0 when there are none, as a number: PostgreSQL sums
 * bigint (and integer) to numeric or bigint, which the drivers return as text.
 */
export const sumCents = (expression: SQLWrapper) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);
