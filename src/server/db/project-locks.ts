import { eq } from 'drizzle-orm';
import { madePaymentStatuses } from '#shared/domain/payment-status.js';
import { AppError } from '#server/app-error.js';
import type { Tx } from './client.js';
import { projectIsPaid } from './paid.js';
import { projectColumns, type ProjectRow, projects } from './schema/projects.js';

/**
 * Reads a project and locks its row for the rest of the transaction, so two requests changing
 * one project (two accepts, a pause racing a bid) run one after the other. Bids, milestones and
 * payments all take this lock first, so it lives below the features.
 */
export async function lockProject(tx: Tx, id: number, mode: 'update' | 'share' = 'update'): Promise<ProjectRow> {
  const [project] = await tx.select(projectColumns).from(projects).where(eq(projects.id, id)).for(mode).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  return project;
}

/** Whether the project is paid: its winning bid's payment is held or released (projectIsPaid). */
export async function isProjectPaid(tx: Tx, projectId: number): Promise<boolean> {
  const [row] = await tx
    .select({ isPaid: projectIsPaid(projects.id) })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.isPaid === true;
}

/**
 * Whether the owner's payment of the winning bid came (madePaymentStatuses: held, released, or taken
 * back since): delivering, accepting, and completing or approving a milestone need it (issue 26).
 */
export async function hasPaymentArrived(tx: Tx, projectId: number): Promise<boolean> {
  const [row] = await tx
    .select({ arrived: projectIsPaid(projects.id, madePaymentStatuses) })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.arrived === true;
}
