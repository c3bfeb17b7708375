import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import type { RepositoryHost, WebhookHeaders } from './repository-host.js';
import { createUnavailableHost } from './unavailable-host.js';

/** What a host needs from the app: the database (the sandbox's rows) and where its signed events go. */
export interface RepositoryHostDeps {
  db: Db;
  deliver: (rawBody: Buffer, headers: WebhookHeaders) => Promise<unknown>;
}

/** The GitHub App when it is configured, else the built-in sandbox git host (decision 054). */
export function createRepositoryHost(config: Config, deps: RepositoryHostDeps): RepositoryHost {
  void config;
  void deps;
  return createUnavailableHost('The repository host is not set up on this server');
}
