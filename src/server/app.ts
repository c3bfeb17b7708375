import path from 'node:path';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { RedisClientType } from 'redis';
import { AppError } from './app-error.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { packageRoot } from './package-root.js';
import type { Database } from '#server/db/client.js';
import { DomainEvents } from '#server/events/domain-events.js';
import { accountRoutes } from '#server/features/account/account.routes.js';
import { authRoutes } from '#server/features/auth/auth.routes.js';
import { bidsRoutes } from '#server/features/bids/bids.routes.js';
import { LoginLimiter } from '#server/plugins/login-limiter.js';
import { dealRoutes } from '#server/features/deal/deal.routes.js';
import { disputesRoutes } from '#server/features/disputes/disputes.routes.js';
import { armMissingPaymentWindows, dealTimerJobKinds, registerDealClock, registerDealHandlers } from '#server/features/deal/deal.service.js';
import { registerDisputeHandlers } from '#server/features/disputes/dispute-handlers.js';
import { developersRoutes } from '#server/features/finishers/finishers.routes.js';
import { registerDealMail } from '#server/features/email/deal-mail.js';
import { emailRoutes } from '#server/features/email/email.routes.js';
import { healthRoutes } from '#server/features/health/health.routes.js';
import { siteRoutes } from '#server/features/site/site.routes.js';
import { jobsRoutes } from '#server/features/jobs/jobs.routes.js';
import { createJobLanes, startJobRunner } from '#server/jobs/job-runner.js';
import { registerProjectHandlers } from '#server/features/projects/project-handlers.js';
import { repositoriesRoutes } from '#server/features/repositories/repositories.routes.js';
import { registerRepositoryHandlers } from '#server/features/repositories/repository-handlers.js';
import { repositoryJobKinds } from '#server/features/repositories/repository-jobs.js';
import { handleRepositoryWebhook } from '#server/features/repositories/repository-webhooks.service.js';
import { createRepositoryHost } from '#server/integrations/repositories/create-host.js';
import type { RepositoryHost } from '#server/integrations/repositories/repository-host.js';
import { Readiness } from '#server/features/health/readiness.js';
import { registerNotificationWriters } from '#server/features/notifications/notification-writers.js';
import { registerDisputeNotifications } from '#server/features/disputes/dispute-notifications.js';
import { registerCardDisputeNotifications } from '#server/features/notifications/card-dispute-notifications.js';
import { findOperatorIds } from '#server/features/operators/operators.service.js';
import { projectsRoutes } from '#server/features/projects/projects.routes.js';
import { scopeRoutes } from '#server/features/scope/scope.routes.js';
import { changeOrdersRoutes } from '#server/features/change-orders/change-orders.routes.js';
import { registerMilestonePushes } from '#server/features/milestones/milestone-pushes.js';
import { milestonesRoutes } from '#server/features/milestones/milestones.routes.js';
import { liveRoutes } from '#server/features/live/live.routes.js';
import { registerConversationPushes } from '#server/features/conversations/conversation-pushes.js';
import { conversationsRoutes } from '#server/features/conversations/conversations.routes.js';
import { countUnreadMessagesOf, typingRecipientOf } from '#server/features/conversations/conversations.service.js';
import { registerNotificationDelivery } from '#server/features/notifications/notification-outbox.js';
import { registerLiveChanges } from '#server/features/live/live-changes.js';
import { notificationsRoutes } from '#server/features/notifications/notifications.routes.js';
import { paymentsRoutes } from '#server/features/payments/payments.routes.js';
import { settleOverduePayments } from '#server/features/payments/payment-settlement.js';
import { registerPaymentHandlers } from '#server/features/payments/payments.service.js';
import { sandboxRoutes } from '#server/features/payments/sandbox.routes.js';
import { reviewsRoutes } from '#server/features/reviews/reviews.routes.js';
import { revealReviewsJobKind } from '#server/features/reviews/reviews.service.js';
import { invitationsRoutes } from '#server/features/invitations/invitations.routes.js';
import { savedSearchesRoutes } from '#server/features/saved-searches/saved-searches.routes.js';
import { attachmentsRoutes } from '#server/features/attachments/attachments.routes.js';
import { documentsRoutes } from '#server/features/documents/documents.routes.js';
import { earningsRoutes } from '#server/features/earnings/earnings.routes.js';
import { registerSavedSearchMatching, savedSearchJobKinds } from '#server/features/saved-searches/saved-searches.service.js';
import { registerSavedSearchAlerts } from '#server/features/saved-searches/saved-search-alerts.js';
import { trustRoutes } from '#server/features/trust/trust.routes.js';
import { uploadsRoutes } from '#server/features/uploads/uploads.routes.js';
import { profileRoutes } from '#server/features/profile/profile.routes.js';
import { ledgerRoutes } from '#server/features/ledger/ledger.routes.js';
import { createMailer, type Mailer } from '#server/integrations/email/mailer.js';
import { createMailComposer } from '#server/mail/mail-composer.js';
import { createPaymentProvider } from '#server/integrations/payments/create-provider.js';
import type { PaymentProvider } from '#server/integrations/payments/payment-provider.js';
import type { SandboxProvider } from '#server/integrations/payments/sandbox-provider.js';
import { createStorage, type FileStorage } from '#server/integrations/storage/storage.js';
import type { DeliverRepositoryEvent } from '#server/integrations/repositories/sandbox-events.js';
import { isSandboxGitHost } from '#server/integrations/repositories/sandbox-host.js';
import { gitHttpRoutes } from '#server/features/repositories/git-http.routes.js';
import { sandboxGitRoutes } from '#server/features/repositories/sandbox-git.routes.js';
import { startLiveHub } from '#server/integrations/live/live-hub.js';
import { createRateLimits } from '#server/plugins/action-rate-limiter.js';
import { afterFirstAnswer } from '#server/plugins/after-first-answer.js';
import { registerClientApp } from '#server/plugins/client-app.js';
import { answerFrameworkError, registerErrorHandler } from '#server/plugins/error-handler.js';
import { registerRequestTextChecks } from '#server/plugins/request-text.js';
import { registerResponseValidation } from '#server/plugins/endpoints.js';
import { registerMultipart } from '#server/plugins/multipart.js';
import { registerOpenApi } from '#server/plugins/openapi.js';
import { registerOriginCheck } from '#server/plugins/origin-check.js';
import { registerRequestIdHeader, requestIdServerOptions } from '#server/plugins/request-id.js';
import { responseSerializerCompiler } from '#server/plugins/response-serializer.js';
import { registerSecurityHeaders } from '#server/plugins/security-headers.js';
import { registerSessionLoader } from '#server/plugins/session.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the jobs that are due now, deal timers among them (the runner's work, on demand: tests, operators' scripts); answers how many ran. */
    runDueJobs(): Promise<number>;
    /** runDueJobs under its older name: the deal timers are jobs (decision 042). */
    sweepDealTimers(): Promise<number>;
    /** Arms the payment window of accepted, unpaid bids that have none (what each instance does when it listens; decision 037). */
    armPaymentWindows(): Promise<number>;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  redis?: RedisClientType;
  logger?: FastifyServerOptions['logger'];
  /** Where uploads go; defaults to S3 when configured, else DATA_DIR/uploads. */
  storage?: FileStorage;
  /** The card provider; defaults to Stripe when configured, else the sandbox. */
  payments?: PaymentProvider;
  /** Where repositories live; defaults to the built-in sandbox git host. */
  repositories?: RepositoryHost;
  /** Sees each signed event of the sandbox git host before the webhook handler acts on it (tests read them). */
  deliverRepositoryEvent?: DeliverRepositoryEvent;
  /** Sends email; defaults to SMTP when configured, else the log. */
  mailer?: Mailer;
  /** The built client to serve; null serves the API only. Defaults to dist/client. */
  clientDir?: string | null;
  /** Sees every route as it is added (tests walk the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** What time it is for the deal clock; tests pass one they move. */
  clock?: Clock;
  /** Flipped by main.ts when shutdown begins; /api/health/ready answers 503 from then on. */
  readiness?: Readiness;
  /** More features to wire into the app's context once it is built (tests add a feature of their own, e.g. a mail category). */
  features?: ((ctx: AppContext) => void)[];
}

const defaultClientDir = path.join(packageRoot, 'dist/client');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The sandbox's signed ids travel in the path.
    routerOptions: { maxParamLength: 4096 },
    // Bad percent-encoding and over-long parameters are refused by the router, before the error handler.
    frameworkErrors: answerFrameworkError,
    // Drop idle keep-alive sockets at shutdown so close() only waits for requests in flight.
    forceCloseConnections: 'idle',
    // A request that still arrives on an open keep-alive connection while closing is served (with
    // Connection: close) instead of Fastify's bare 503: the proxy cannot safely retry a POST elsewhere.
    return503OnClosing: false,
    ...requestIdServerOptions(),
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerRequestTextChecks(app);
  registerRequestIdHeader(app);
  if (config.validateResponses) registerResponseValidation(app);

  const mailer = deps.mailer ?? createMailer(config, app.log, database.db);
  const repositories =
    deps.repositories ??
    createRepositoryHost(config, {
      db: database.db,
      log: app.log,
      // The sandbox host's events go through the one webhook handler, signature check included (decision 054).
      deliver: async (delivery) => {
        await deps.deliverRepositoryEvent?.(delivery);
        await handleRepositoryWebhook(ctx, delivery.rawBody, delivery.headers).catch((error: unknown) =>
          app.log.error({ err: error, event: delivery.headers.event }, 'a sandbox git event failed'),
        );
      },
    });
  const ctx: AppContext = {
    db: database.db,
    config,
    log: app.log,
    loginLimiter: new LoginLimiter({ ...config.loginLimits, redis: deps.redis, keyPrefix: config.redisKeyPrefix }),
    rateLimits: createRateLimits(config, deps.redis),
    events: new DomainEvents(app.log),
    storage: deps.storage ?? createStorage(config),
    payments: deps.payments ?? createPaymentProvider(config),
    repositories,
    sandboxGit: isSandboxGitHost(repositories) ? repositories : null,
    mailer,
    mail: createMailComposer({ db: database.db, config, log: app.log, mailer }),
    clock: deps.clock ?? systemClock,
    // Replaced by the job lanes' nudges once they start (below).
    jobs: { nudge: () => undefined },
  };
  registerNotificationWriters(ctx.events);
  registerDisputeNotifications(ctx.events, ctx.config);
  registerCardDisputeNotifications(ctx.events, config.operatorEmails);
  // Deal mail registers its categories and letters with ctx.mail; closing waits for every feature's mail.
  registerDealMail(ctx.events, ctx);
  // Issue 30: saved searches test each posted project, and tell their developers.
  registerSavedSearchMatching(ctx, ctx.events);
  registerSavedSearchAlerts(ctx, ctx.events);
  for (const register of deps.features ?? []) register(ctx);
  app.addHook('onClose', () => ctx.mail.idle());
  registerPaymentHandlers(ctx.events, ctx);
  registerDealClock(ctx.events, ctx);
  // Steps one feature hands to another in its transaction, where an import would close a circle (decision 045).
  registerDealHandlers(ctx.events, ctx);
  registerDisputeHandlers(ctx.events, ctx);
  registerRepositoryHandlers(ctx.events, ctx);
  registerProjectHandlers(ctx.events, ctx);

  registerSecurityHeaders(app);
  // Answers over 1 KiB go out brotli- or gzip-compressed to a client that accepts it (the built
  // client's files are compressed at build time and sent as they are). Compressed request bodies
  // are not accepted: nothing sends them, and inflating one would only widen what a body can cost.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(cookie);
  await registerMultipart(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
  registerOriginCheck(app, config.publicOrigin);
  registerSessionLoader(app, database.db, config);
  registerOpenApi(app, config.publicOrigin);

  healthRoutes(app, { db: database.db, databaseKind: database.kind, redis: deps.redis, readiness: deps.readiness ?? new Readiness(), log: app.log });
  authRoutes(app, ctx);
  accountRoutes(app, ctx);
  projectsRoutes(app, ctx);
  bidsRoutes(app, ctx);
  scopeRoutes(app, ctx);
  changeOrdersRoutes(app, ctx);
  // The live hub is how features push to open sockets (with Redis, on every instance): made here
  // and handed to the features that push after commit and to the /ws route, which never meet.
  const live = await startLiveHub(app, { log: app.log, redis: deps.redis, channel: `${config.redisKeyPrefix}live` });
  registerNotificationDelivery(ctx.events, live);
  registerConversationPushes(ctx.events, live);
  registerLiveChanges(ctx.events, { live, findOperatorIds: () => findOperatorIds(database.db, config.operatorEmails) });
  await liveRoutes(app, live, ctx, {}, (userId, bidId) => typingRecipientOf(ctx, userId, bidId));
  conversationsRoutes(app, ctx);
  notificationsRoutes(app, ctx, live, countUnreadMessagesOf);
  registerMilestonePushes(ctx.events, live);
  profileRoutes(app, ctx);
  developersRoutes(app, ctx);
  reviewsRoutes(app, ctx);
  invitationsRoutes(app, ctx);
  savedSearchesRoutes(app, ctx);
  documentsRoutes(app, ctx);
  attachmentsRoutes(app, ctx);
  earningsRoutes(app, ctx);
  trustRoutes(app, ctx);
  await emailRoutes(app, ctx);
  milestonesRoutes(app, ctx);
  dealRoutes(app, ctx);
  ledgerRoutes(app, ctx);
  await repositoriesRoutes(app, ctx);
  disputesRoutes(app, ctx);
  jobsRoutes(app, ctx);
  siteRoutes(app, ctx);
  uploadsRoutes(app, ctx.storage);
  await paymentsRoutes(app, ctx);
  if (ctx.payments.name === 'sandbox') sandboxRoutes(app, ctx, ctx.payments as SandboxProvider);
  if (ctx.sandboxGit) {
    sandboxGitRoutes(app, ctx.sandboxGit);
    await gitHttpRoutes(app, ctx.sandboxGit, config.gitPushMaxBytes);
  }
  // Finishes the money moves an instance killed mid-deal left undone, without delaying start-up.
  // Durable jobs run from the database, on every instance (decision 042); the deal clock's timers are
  // jobs (decision 027). Accepted bids with no payment window yet (decision 037) get one first.
  // Each lane has its own runner, so a repository's intake never holds up the deal clock (decision 055).
  const lanes = createJobLanes(ctx, [...dealTimerJobKinds, ...repositoryJobKinds, revealReviewsJobKind, ...savedSearchJobKinds]);
  const nudges = new Map(
    lanes.map((runner) => [
      runner.lane,
      startJobRunner(app, ctx, runner, runner.lane === 'default' ? { beforeFirstRun: () => armMissingPaymentWindows(ctx) } : {}),
    ]),
  );
  ctx.jobs.nudge = (lane) => nudges.get(lane)?.();
  const runDueJobs = async () => {
    let ran = 0;
    for (const runner of lanes) ran += await runner.runDue();
    return ran;
  };
  app.decorate('runDueJobs', runDueJobs);
  app.decorate('sweepDealTimers', runDueJobs);
  app.decorate('armPaymentWindows', () => armMissingPaymentWindows(ctx));
  afterFirstAnswer(app, () => void settleOverduePayments(ctx).catch((error: unknown) => app.log.error({ err: error }, 'settling overdue payments failed')));

  await registerClientApp(app, deps.clientDir === undefined ? defaultClientDir : deps.clientDir);
  return app;
}
