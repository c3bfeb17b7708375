import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * An owner's invitation to a finisher to bid on their open project (issue 30, item 5): once per
 * project and finisher. It is open until the finisher bids or the project leaves the open status;
 * a project holds at most invitationLimits.openPerProject open ones.
 */
export const projectInvitations = pgTable(
  'project_invitations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    finisherId: integer('finisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_invitations_project_finisher_key').on(t.projectId, t.finisherId),
    index('project_invitations_finisher_idx').on(t.finisherId, t.createdAt),
  ],
);
export type ProjectInvitationRow = typeof projectInvitations.$inferSelect;
