import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from '#server/db/client.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import type { LoginLimiter } from '#server/plugins/login-limiter.js';
import type { RateLimits } from '#server/plugins/action-rate-limiter.js';
import type { Mailer } from '#server/integrations/email/mailer.js';
import type { MailComposer } from '#server/mail/mail-composer.js';
import type { PaymentProvider } from '#server/integrations/payments/payment-provider.js';
import type { FileStorage } from '#server/integrations/storage/storage.js';
import type { RepositoryHost } from '#server/integrations/repositories/repository-host.js';
import type { SandboxGitHost } from '#server/integrations/repositories/sandbox-host.js';

/** What every service function receives: its dependencies, never the request. */
export interface AppContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  loginLimiter: LoginLimiter;
  /** Registrations, bids, uploads and chat messages; shared across instances with Redis. */
  rateLimits: RateLimits;
  events: DomainEvents;
  storage: FileStorage;
  payments: PaymentProvider;
  /** Where connected repositories live: the GitHub App, or the built-in sandbox git host. */
  repositories: RepositoryHost;
  /** The sandbox git host when it is the repository host (its own operations: repositories, tokens, pulls), else null. */
  sandboxGit: SandboxGitHost | null;
  mailer: Mailer;
  /** Mail to people, for every feature: registered categories, preferences, one-click unsubscribe (decision 044). */
  mail: MailComposer;
  /** The time the deal clock reads (a test moves it). */
  clock: Clock;
  /** Runs a lane of durable jobs now, for work just committed that should not wait for the next poll. */
  jobs: { nudge(lane: string): void };
}
