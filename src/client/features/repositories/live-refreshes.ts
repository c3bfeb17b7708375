import { defineLiveRefreshes } from '#client/lib/live-changes.js';
import { repositoryKeys } from './api.js';

/** The server announces a finished intake report as a change of its project. */
export const repositoryLiveRefreshes = defineLiveRefreshes({
  project: (id) => [repositoryKeys.report(id)],
});
