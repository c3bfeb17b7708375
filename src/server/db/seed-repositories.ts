import { INTAKE_JOB_KIND } from '#shared/domain/repository-report.js';
import { enqueueJob } from '#server/jobs/job-queue.js';
import { and, eq, inArray } from 'drizzle-orm';
import { winningBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { bids } from '#server/db/schema/bids.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { projects } from '#server/db/schema/projects.js';
import { repositories } from '#server/db/schema/repositories.js';
import { repositoryAccess } from '#server/db/schema/repository-deals.js';
import { users } from '#server/db/schema/users.js';
import { type ImportCommit, importCommits } from '#server/integrations/repositories/fast-import.js';
import { checkSandboxGit } from '#server/integrations/repositories/sandbox-git-version.js';
import { createSandboxHost } from '#server/integrations/repositories/sandbox-host.js';
import type { Db } from './client.js';
import { bakeryInventoryHistory, invoiceGeneratorHistory, ticketingBackendHistory } from './seed-repository-files.js';

export interface DemoRepositoryOptions {
  dataDir: string;
  /** The origin the clone URLs start with. */
  publicUrl: string;
  warn?: (message: string) => void;
}

interface DemoRepository {
  owner: string;
  name: string;
  isPrivate: boolean;
  project: string;
  history: ImportCommit[];
  /** The deal's finisher has push access (the deal is paid). */
  isAccessGranted: boolean;
}

export const demoRepositories: readonly DemoRepository[] = [
  { owner: 'jonas', name: 'invoice-generator', isPrivate: false, project: 'Invoice generator SaaS', history: invoiceGeneratorHistory, isAccessGranted: false },
  {
    owner: 'priya',
    name: 'bakery-inventory',
    isPrivate: true,
    project: 'Inventory tracker for a bakery',
    history: bakeryInventoryHistory,
    isAccessGranted: false,
  },
  { owner: 'jonas', name: 'ticketing-backend', isPrivate: false, project: 'Event ticketing backend', history: ticketingBackendHistory, isAccessGranted: true },
];

/**
 * The demo projects' repositories on the sandbox git host (decision 054,
 * the sandbox host): bare repositories written by fast-import, no network, the same commit ids every time. Without
 * a usable git the projects keep only their code links. Answers how many repositories it made.
 * Each repository's intake report is queued as a durable job.
 */
export async function seedDemoRepositories(db: Db, options: DemoRepositoryOptions): Promise<number> {
  const reason = await checkSandboxGit();
  if (reason) {
    options.warn?.(`The demo repositories were skipped: ${reason}`);
    return 0;
  }
  // No events while seeding: nothing listens yet, and the seed writes what the events would.
  const host = createSandboxHost({ db, dataDir: options.dataDir, publicUrl: options.publicUrl, webhookSecret: 'seed', deliver: () => undefined });
  let made = 0;
  for (const demo of demoRepositories) {
    const [owner] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.username, demo.owner));
    const [project] = owner
      ? await db
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.name, demo.project), eq(projects.submitterId, owner.id)))
      : [];
    if (!owner || !project) continue;
    const row = await host.createRepository(owner, demo.name, demo.isPrivate);
    const head = await importCommits(host.gitDirOf(row.id), demo.history);
    await db.update(repositories).set({ headSha: head }).where(eq(repositories.id, row.id));
    await db.update(projects).set({ repositoryId: row.id }).where(eq(projects.id, project.id));
    if (demo.isAccessGranted) await grantDemoAccess(db, project.id, row.id);
    // The reports are written by the intake job moments after the first listen, as for any connected repository.
    await enqueueJob(db, {
      kind: INTAKE_JOB_KIND,
      key: `repository:${row.id}:seed`,
      subject: `repository:${row.id}`,
      dueAt: new Date(0),
      payload: { repositoryId: row.id, trigger: 'seed' },
      maxAttempts: 3,
    });
    made += 1;
  }
  return made;
}

/** Access granted when the deal was paid, and the history entry that says so, a minute after payment_held. */
async function grantDemoAccess(db: Db, projectId: number, repositoryId: number) {
  const [winner] = await db
    .select({ finisherId: bids.finisherId })
    .from(bids)
    .where(and(eq(bids.projectId, projectId), inArray(bids.status, [...winningBidStatuses])));
  const [held] = await db
    .select({ at: dealHistory.at })
    .from(dealHistory)
    .where(and(eq(dealHistory.projectId, projectId), eq(dealHistory.kind, 'payment_held')));
  if (!winner || !held) return;
  const grantedAt = new Date(held.at.getTime() + 60_000);
  await db.insert(repositoryAccess).values({ projectId, repositoryId, finisherId: winner.finisherId, status: 'granted', grantedAt, updatedAt: grantedAt });
  await db.insert(dealHistory).values({ projectId, kind: 'repository_access_granted', by: 'system', at: grantedAt });
}
