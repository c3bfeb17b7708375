import type { RepositoryRow } from '#server/db/schema/repositories.js';
import type { RepositoryRef } from '#server/integrations/repositories/repository-host.js';

/** What a stored repository row tells its host. */
export const refOf = (row: RepositoryRow): RepositoryRef => ({
  provider: row.provider,
  externalId: row.externalId,
  fullName: row.fullName,
  installationId: row.installationId,
});
