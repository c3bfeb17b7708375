// The types of this feature, so callers import them with the endpoints; the schemas themselves come from
// the .schemas module, so the browser loads zod only with a page that validates (decision 022).
export type * from './users.schemas.js';

/** Where each user's own collections live: /api/users/:id/projects, /bids, /notifications... */
export const userCollectionsPath = '/api/users';
