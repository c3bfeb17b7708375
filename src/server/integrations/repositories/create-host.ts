import { createHmac } from 'node:crypto';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import type { RepositoryHost } from './repository-host.js';
import type { DeliverRepositoryEvent } from './sandbox-events.js';
import { createGithubHost } from './github-host.js';
import { createSandboxHost, type SandboxHostOptions } from './sandbox-host.js';

export interface RepositoryHostDeps {
  db: Db;
  deliver: DeliverRepositoryEvent;
  log?: SandboxHostOptions['log'];
}

/**
 * The repository host: the GitHub App when config.github is set, else the built-in sandbox git host,
 * as payments choose Stripe or their sandbox (docs/decisions/054-repository-hosts.md).
 */
export function createRepositoryHost(
  config: Pick<Config, 'dataDir' | 'linkOrigin' | 'sandboxSecret' | 'gitPushMaxBytes' | 'github'>,
  deps: RepositoryHostDeps,
): RepositoryHost {
  if (config.github) return createGithubHost(config.github, { dataDir: config.dataDir });
  return createSandboxHost({
    db: deps.db,
    dataDir: config.dataDir,
    publicUrl: config.linkOrigin,
    // Its own key, derived, so a git event's signature never doubles as a payment event's.
    webhookSecret: createHmac('sha256', config.sandboxSecret).update('git-webhook').digest('hex'),
    deliver: deps.deliver,
    maxPushSize: String(config.gitPushMaxBytes),
    log: deps.log,
  });
}
