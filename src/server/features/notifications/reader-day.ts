import { eq } from 'drizzle-orm';
import { deadlineDay } from '#shared/domain/deal.js';
import { DEFAULT_TIME_ZONE } from '#shared/domain/time-zone.js';
import type { DbOrTx } from '#server/db/client.js';
import { users } from '#server/db/schema/users.js';

/**
 * '30 Nov' as the recipient reads it (decision 048): a notification is stored text, written once for
 * one person, so its date is written in that person's zone when it is created.
 */
export async function readerDay(db: DbOrTx, userId: number, date: Date | string): Promise<string> {
  return deadlineDay(date, await readerZone(db, userId));
}

/** The zone a person reads time in (their setting; UTC for a missing row). */
export async function readerZone(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}
