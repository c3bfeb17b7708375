import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.js';
import { projectCriteria } from '#server/db/schema/scope.js';

export interface Criterion {
  id: number;
  text: string;
}

/** A project's acceptance criteria in the owner's order (issue 18). Bids, projects and the deal all read them. */
export async function findProjectCriteria(db: DbOrTx, projectId: number): Promise<Criterion[]> {
  return db
    .select({ id: projectCriteria.id, text: projectCriteria.text })
    .from(projectCriteria)
    .where(eq(projectCriteria.projectId, projectId))
    .orderBy(asc(projectCriteria.position), asc(projectCriteria.id));
}

/**
 * The same criteria as one json array (`[]` when there are none), for a statement that reads the
 * project itself: the project page gets them without a statement of their own.
 */
export function projectCriteriaJson(projectId: AnyPgColumn): SQL<Criterion[]> {
  return sql<
    Criterion[]
  >`coalesce((select json_agg(json_build_object('id', ${projectCriteria.id}, 'text', ${projectCriteria.text}) order by ${projectCriteria.position}, ${projectCriteria.id}) from ${projectCriteria} where ${projectCriteria.projectId} = ${projectId}), '[]'::json)`;
}

/**
 * Replaces a project's criteria with `texts`, in that order. A text that is already a criterion
 * keeps its id (so the bids' answers to it still hold); the others get new ids, and criteria no
 * longer listed are deleted (answers naming them are then ignored). Answers the criteria as they
 * now stand, in order, so a caller need not read them back.
 */
export async function replaceProjectCriteria(db: DbOrTx, projectId: number, texts: readonly string[]): Promise<Criterion[]> {
  const current = await findProjectCriteria(db, projectId);
  const kept = new Map<number, number>();
  const free = [...current];
  texts.forEach((text, position) => {
    const index = free.findIndex((c) => c.text === text);
    if (index >= 0) kept.set(free.splice(index, 1)[0]!.id, position);
  });
  if (free.length > 0)
    await db.delete(projectCriteria).where(
      inArray(
        projectCriteria.id,
        free.map((c) => c.id),
      ),
    );
  for (const [id, position] of kept) await db.update(projectCriteria).set({ position }).where(eq(projectCriteria.id, id));
  const keptTexts = new Set(current.filter((c) => kept.has(c.id)).map((c) => c.text));
  const added = texts.map((text, position) => ({ projectId, text, position })).filter((row) => !keptTexts.has(row.text));
  const inserted = added.length > 0 ? await db.insert(projectCriteria).values(added).returning({ id: projectCriteria.id, text: projectCriteria.text }) : [];
  const keptCriteria = current.filter((c) => kept.has(c.id));
  const byText = new Map([...keptCriteria, ...inserted].map((c) => [c.text, c]));
  return texts.map((text) => byText.get(text)!);
}
