import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector, written and read as its text (projects.search_vector, developer_search.vector). */
export const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/** PostgreSQL's tsquery, written and read as its text (saved_searches.query). */
export const tsquery = customType<{ data: string; driverData: string }>({ dataType: () => 'tsquery' });
