import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { tsvector } from './text-search.js';
import { users } from './users.js';

/**
 * The directory's text search (issue 30, item 4): each user's words of the username (weight A),
 * skills (B) and bio (C), as developer_search_vector() (migration 0021) makes them, stored by a
 * trigger on users (migration 0024) so that ranking a match reads them instead of building them
 * again for every row (decision 058). Its own table: user rows, which every request reads, stay as
 * they were.
 */
export const developerSearch = pgTable(
  'developer_search',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    vector: tsvector('vector').notNull(),
  },
  (t) => [index('developer_search_vector_idx').using('gin', t.vector)],
);
