import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { AppError } from '#server/app-error.js';
import type { Db } from '#server/db/client.js';
import { uniqueViolation } from '#server/db/errors.js';
import { type RepositoryRow, repositories } from '#server/db/schema/repositories.js';
import { runGit } from './git-cli.js';
import type { SandboxUser } from './sandbox-tokens.js';

const NAME = /^[A-Za-z0-9._-]{1,100}$/;

/** The sandbox repository a host reference names (its external id is the row's own id), or null. */
export async function findSandboxRepository(db: Db, externalId: string): Promise<RepositoryRow | null> {
  const [row] = await db
    .select()
    .from(repositories)
    .where(and(eq(repositories.provider, 'sandbox'), eq(repositories.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/** A name that is safe in a URL and as a directory's name part: not `.`/`..`, no `.git` suffix (the URL adds it). */
export function validRepositoryName(name: string): boolean {
  return NAME.test(name) && name !== '.' && name !== '..' && !name.toLowerCase().endsWith('.git');
}

interface Where {
  projectRoot: string;
  gitDir: (repositoryId: number) => string;
  publicUrl: string;
  /** receive.maxInputSize. */
  maxPushSize: string;
}

/**
 * The row (external id = its own id), then the bare repository with the settings that keep it safe
 * to serve: no hooks, no rewritten or deleted branches, every pushed object checked, a size cap.
 */
export async function createBareRepository(db: Db, where: Where, owner: SandboxUser, name: string, isPrivate: boolean): Promise<RepositoryRow> {
  if (!validRepositoryName(name)) {
    throw new AppError('VALIDATION_FAILED', 'A repository name has 1 to 100 letters, digits, dots, dashes or underscores, and does not end in .git');
  }
  const fullName = `${owner.username}/${name}`;
  const cloneUrl = `${where.publicUrl}/git/${fullName}.git`;
  let row: RepositoryRow;
  try {
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(repositories)
        .values({
          provider: 'sandbox',
          externalId: `new-${randomBytes(8).toString('hex')}`,
          ownerUserId: owner.id,
          fullName,
          url: `${where.publicUrl}/git/${fullName}`,
          cloneUrl,
          isPrivate,
        })
        .returning();
      const [updated] = await tx
        .update(repositories)
        .set({ externalId: String(inserted!.id) })
        .where(eq(repositories.id, inserted!.id))
        .returning();
      return updated!;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError('CONFLICT', `You already have a repository named ${name}`);
    throw error;
  }
  const gitDir = where.gitDir(row.id);
  try {
    await mkdir(where.projectRoot, { recursive: true });
    // The id is new, so no row points at a directory of that name: one left over from an emptied database goes.
    await rm(gitDir, { recursive: true, force: true });
    await runGit(['init', '--quiet', '--bare', '--initial-branch=main', gitDir]);
    const settings: [string, string][] = [
      ['core.hooksPath', '/dev/null'],
      ['receive.denyNonFastForwards', 'true'],
      ['receive.denyDeletes', 'true'],
      ['receive.fsckObjects', 'true'],
      ['receive.maxInputSize', where.maxPushSize],
      ['http.receivepack', 'true'],
    ];
    for (const [key, value] of settings) await runGit(['config', key, value], { gitDir });
  } catch (error) {
    await db.delete(repositories).where(eq(repositories.id, row.id));
    await rm(gitDir, { recursive: true, force: true });
    throw error;
  }
  return row;
}
