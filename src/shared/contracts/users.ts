// The schemas and types of this feature, so callers import one module (docs/decisions/022-one-contract-per-endpoint.md).
export * from './users.schemas.js';

/** Where each user's own collections live: /api/users/:id/projects, /bids, /notifications... */
export const userCollectionsPath = '/api/users';
