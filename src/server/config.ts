import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ms from 'ms';
import { z } from 'zod';
import type { GithubConfig } from './integrations/repositories/github-client.js';

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A duration in a human form ('7d', '36h', '30s', '1.5h'), read as milliseconds; over zero. */
const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const parsed = /^\s*\d+(\.\d+)?\s*[a-z]+\s*$/i.test(value) ? ms(value as ms.StringValue) : undefined;
      if (parsed === undefined || !Number.isFinite(parsed) || parsed <= 0) {
        context.addIssue({ code: 'custom', message: `"${value}" is not a duration: write a number and a unit, such as 7d, 36h, 90m or 30s` });
        return z.NEVER;
      }
      return parsed;
    });

/** A comma-separated list of durations ('3d,1d'); an empty value means none. */
const durationList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const parts = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const parsed = parts.map((part) => duration(part).safeParse(undefined));
      const bad = parsed.findIndex((result) => !result.success);
      if (bad !== -1) {
        context.addIssue({ code: 'custom', message: `"${parts[bad]}" is not a duration: write a number and a unit, such as 3d or 12h` });
        return z.NEVER;
      }
      return parsed.map((result) => result.data!).sort((a, b) => b - a);
    });

/** The GitHub App's variables: all or none. */
const githubVariables = [
  'GITHUB_APP_ID',
  'GITHUB_APP_PRIVATE_KEY',
  'GITHUB_WEBHOOK_SECRET',
  'GITHUB_CLIENT_ID',
  'GITHUB_CLIENT_SECRET',
  'GITHUB_APP_SLUG',
] as const;

/**
 * Every environment variable Finishline reads, with its default. This is the only module that
 * touches process.env; the README's configuration table mirrors it.
 */
const configFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z.url().optional(),
  /** Namespaces every Redis key and channel, so deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('finishline:'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Defaults to true on the embedded database and false on a PostgreSQL of your own (DATABASE_URL). */
  SEED_DEMO_DATA: booleanFromEnv.optional(),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 30),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().positive().default(100),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(30),
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  BIDS_PER_HOUR: z.coerce.number().int().positive().default(30),
  UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(60),
  /** Issue 29: an owner's requests to read the connected repository again, per project per hour. */
  REPOSITORY_REFRESHES_PER_HOUR: z.coerce.number().int().positive().default(4),
  /** Issue 29: the intake report's child process is killed after this (it must end well within JOB_LEASE). */
  REPOSITORY_INTAKE_TIMEOUT: duration('2m'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  SANDBOX_SECRET: z.string().min(16).optional(),
  /** The largest git push the sandbox git host takes: bytes, or with a unit (200MB, 1GB). */
  GIT_PUSH_MAX_SIZE: z
    .string()
    .regex(/^\d+\s*(B|KB|MB|GB)?$/i, 'a size such as 200MB')
    .default('200MB')
    .transform((value) => {
      const [, amount = '0', unit = 'B'] = /^(\d+)\s*(\w*)$/.exec(value) ?? [];
      const factor: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
      return Number(amount) * (factor[unit.toUpperCase() || 'B'] ?? 1);
    }),
  /**
   * The GitHub App (docs/decisions/054-repository-hosts.md): all of the six below or none; without
   * them repositories live on the built-in sandbox host. The private key may be one line with
   * literal \n escapes, as most secret stores and .env files hold it.
   */
  GITHUB_APP_ID: z.string().regex(/^\d+$/, 'write the numeric App ID from the app settings page').optional(),
  GITHUB_APP_PRIVATE_KEY: z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n').trim())
    .refine(
      (value) => /^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/.test(value),
      'is not a PEM private key (-----BEGIN RSA PRIVATE KEY----- …)',
    )
    .optional(),
  GITHUB_WEBHOOK_SECRET: z.string().min(1).optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_APP_SLUG: z.string().min(1).optional(),
  /** For tests and GitHub Enterprise: the REST API and the web host (git and sign-in). */
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  GITHUB_WEB_URL: z.url().default('https://github.com'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  SMTP_URL: z.url().optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  SMTP_SECURE: booleanFromEnv.default(false),
  MAIL_FROM: z.string().min(3).default('Finishline <no-reply@localhost>'),
  /**
   * Without SMTP, keep mail in the outbox at /dev/mail (read from the server's own machine only).
   * Defaults to on outside production and on the embedded database (the npm start demo), off on a
   * production PostgreSQL deployment, where mail goes to the log.
   */
  MAIL_OUTBOX: booleanFromEnv.optional(),
  PASSWORD_RESET_TOKEN_MINUTES: z.coerce.number().int().positive().default(60),
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(10),
  PASSWORD_RESETS_PER_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(3),
  /** How long an email confirmation link works (docs/decisions/036-email-verification.md). */
  EMAIL_VERIFICATION_WINDOW: duration('2d'),
  /** Confirmation mails one account may ask for in an hour (resends and email changes). */
  EMAIL_VERIFICATIONS_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** The deal clock (docs/decisions/027-deal-clock.md). */
  DEAL_REVIEW_WINDOW: duration('7d'),
  /** Reviews are double-blind: a review shows once both parties have written one, or this long after the work was accepted. */
  REVIEW_REVEAL_AFTER: duration('14d'),
  DEAL_DELIVERY_GRACE: duration('3d'),
  /** Revision requests a deal includes unless the accepted bid names another number (issue 18). */
  DEAL_INCLUDED_REVISIONS: z.coerce.number().int().min(0).max(20).default(2),
  DEAL_CANCEL_RESPONSE_WINDOW: duration('5d'),
  /** An accepted bid left unpaid this long lapses and its project reopens for bids (decision 037). */
  DEAL_PAYMENT_WINDOW: duration('7d'),
  /** How long after sending a chat message its sender may edit or delete it (issue 32). */
  CHAT_EDIT_WINDOW: duration('5m'),
  /** Saved searches' daily digest goes out this long after midnight UTC (issue 30, decision 060). */
  SAVED_SEARCH_DIGEST_AT: duration('8h'),
  /** Before each deadline, when the party who must act is reminded (the deadline itself is always told). */
  DEAL_REMINDERS: durationList('3d,1d'),
  /** How often each instance looks for due timers; 0 stops this instance from sweeping. */
  DEAL_SWEEP_INTERVAL: z
    .string()
    .default('30s')
    .transform((value, context) => {
      if (value.trim() === '0') return 0;
      const parsed = duration(value).safeParse(undefined);
      if (!parsed.success) context.addIssue({ code: 'custom', message: `"${value}" is not a duration: write 30s, 5m, or 0 to turn sweeping off` });
      return parsed.success ? parsed.data : z.NEVER;
    }),
  /**
   * Durable jobs (docs/decisions/042-durable-jobs.md): how often each instance looks for due jobs
   * (DEAL_SWEEP_INTERVAL when unset, its older name; 0 stops this instance from running jobs), the
   * first retry's delay (doubling per attempt up to JOB_RETRY_MAX_DELAY), the attempts before a job
   * is failed, and the lease after which a claimed job whose instance vanished is claimed again.
   */
  JOB_POLL_INTERVAL: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      if (value.trim() === '0') return 0;
      const parsed = duration(value).safeParse(undefined);
      if (!parsed.success) context.addIssue({ code: 'custom', message: `"${value}" is not a duration: write 30s, 5m, or 0 to turn polling off` });
      return parsed.success ? parsed.data : z.NEVER;
    }),
  JOB_RETRY_DELAY: duration('5m'),
  JOB_RETRY_MAX_DELAY: duration('6h'),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().positive().max(100).default(10),
  JOB_LEASE: duration('5m'),
  /** Who is told when a finisher objects to a cancellation (the operator); unset: the log only. */
  OPERATOR_EMAIL: z.email().optional(),
  /** The address the public Contact page gives (issue 28, item 16); unset: OPERATOR_EMAIL, else none. */
  CONTACT_EMAIL: z.email().optional(),
  /**
   * Accounts that are operators (issue 15): comma-separated emails, matched case-insensitively, in
   * addition to those `npm run operator:create` made.
   */
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Disputes (docs/decisions/029-disputes.md): how long the other party has to answer at all, and to agree. */
  DISPUTE_RESPONSE_WINDOW: duration('4d'),
  DISPUTE_NEGOTIATION_WINDOW: duration('7d'),
  /** Per dispute and side (issue 26, item 6): offers and statements in any hour; more is a 429. */
  DISPUTE_OFFERS_PER_HOUR: z.coerce.number().int().positive().default(10),
  DISPUTE_STATEMENTS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** The other party hears of offers and statements in one mail at most this often per dispute. */
  DISPUTE_MAIL_INTERVAL: duration('5m'),
  /** Signs the one-click unsubscribe links in deal mail; random per process when unset (old links then stop working at a restart). */
  EMAIL_LINK_SECRET: z.string().min(16).optional(),
  /**
   * Checks every answer against its endpoint's contract before it is sent (an answer that breaks
   * it becomes a 500). On under test by default; it costs a zod parse per response.
   */
  VALIDATE_RESPONSES: booleanFromEnv.optional(),
});

const configSchema = configFields.superRefine((env, context) => {
  // Half a GitHub App would start a server whose repository features fail at the first call.
  const missing = githubVariables.filter((name) => env[name] === undefined);
  if (missing.length > 0 && missing.length < githubVariables.length) {
    for (const name of missing)
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `is needed with the other GitHub App variables: set all of ${githubVariables.join(', ')}, or none for the sandbox host`,
      });
  }
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof configSchema>) {
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
    /**
     * Where links in mail point: PUBLIC_URL's origin, else this server on localhost. Never a request
     * header, which a client sets at will (a reset link to evil.example would hand over the token).
     */
    linkOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    seedDemoData: env.SEED_DEMO_DATA ?? !env.DATABASE_URL,
    session: {
      idleMs: env.SESSION_IDLE_HOURS * 3_600_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    loginLimits: {
      perAccount: env.LOGIN_FAILURES_PER_ACCOUNT,
      perAddress: env.LOGIN_FAILURES_PER_ADDRESS,
      perAccountAllAddresses: env.LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES,
      windowSeconds: env.LOGIN_FAILURE_WINDOW_MINUTES * 60,
    },
    rateLimits: {
      registrationsPerAddressPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      bidsPerHour: env.BIDS_PER_HOUR,
      uploadsPerHour: env.UPLOADS_PER_HOUR,
      chatMessagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE,
      repositoryRefreshesPerHour: env.REPOSITORY_REFRESHES_PER_HOUR,
    },
    repositories: {
      intakeTimeoutMs: env.REPOSITORY_INTAKE_TIMEOUT,
    },
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    // Between failing readiness and closing the listener: time for the proxy's probe to notice.
    shutdownDrainDelayMs: env.SHUTDOWN_DRAIN_DELAY_MS,
    // The stripe adapter needs both keys; without them the built-in sandbox provider runs.
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, api: stripeApi(env.STRIPE_API_URL) }
        : undefined,
    // Repositories on GitHub through the app when it is configured, else on the built-in sandbox host.
    github: githubConfig(env),
    // Signs the sandbox's ids and events; random per process unless set (set it for several instances).
    sandboxSecret: env.SANDBOX_SECRET ?? randomBytes(32).toString('hex'),
    gitPushMaxBytes: env.GIT_PUSH_MAX_SIZE,
    // Uploads go to S3 (or an S3-compatible store) when a bucket is named, else to DATA_DIR/uploads.
    // Without keys the SDK's default credential chain applies (instance role, AWS_* variables, profile).
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    // Email goes out over SMTP when SMTP_URL or SMTP_HOST is set; without either it is written to the log.
    email: {
      from: env.MAIL_FROM,
      smtp: env.SMTP_URL ?? (env.SMTP_HOST ? smtpOptions(env) : undefined),
      outbox: env.MAIL_OUTBOX ?? (env.NODE_ENV !== 'production' || !env.DATABASE_URL),
    },
    deal: {
      reviewWindowMs: env.DEAL_REVIEW_WINDOW,
      deliveryGraceMs: env.DEAL_DELIVERY_GRACE,
      includedRevisions: env.DEAL_INCLUDED_REVISIONS,
      cancelResponseWindowMs: env.DEAL_CANCEL_RESPONSE_WINDOW,
      paymentWindowMs: env.DEAL_PAYMENT_WINDOW,
      remindersMs: env.DEAL_REMINDERS,
      sweepIntervalMs: env.DEAL_SWEEP_INTERVAL,
    },
    reviews: { revealAfterMs: env.REVIEW_REVEAL_AFTER },
    chat: { editWindowMs: env.CHAT_EDIT_WINDOW },
    savedSearches: { digestAtMs: env.SAVED_SEARCH_DIGEST_AT },
    jobs: {
      pollIntervalMs: env.JOB_POLL_INTERVAL ?? env.DEAL_SWEEP_INTERVAL,
      retryDelayMs: env.JOB_RETRY_DELAY,
      retryMaxDelayMs: env.JOB_RETRY_MAX_DELAY,
      maxAttempts: env.JOB_MAX_ATTEMPTS,
      leaseMs: env.JOB_LEASE,
    },
    operatorEmail: env.OPERATOR_EMAIL,
    contactEmail: env.CONTACT_EMAIL,
    operatorEmails: env.OPERATOR_EMAILS,
    dispute: {
      responseWindowMs: env.DISPUTE_RESPONSE_WINDOW,
      negotiationWindowMs: env.DISPUTE_NEGOTIATION_WINDOW,
      offersPerHour: env.DISPUTE_OFFERS_PER_HOUR,
      statementsPerHour: env.DISPUTE_STATEMENTS_PER_HOUR,
      mailIntervalMs: env.DISPUTE_MAIL_INTERVAL,
    },
    emailLinks: {
      secret: env.EMAIL_LINK_SECRET ?? randomBytes(32).toString('hex'),
      // A random secret voids every emailed unsubscribe link at each restart, and differs between instances.
      isSecretRandom: env.EMAIL_LINK_SECRET === undefined,
    },
    validateResponses: env.VALIDATE_RESPONSES ?? env.NODE_ENV === 'test',
    passwordReset: {
      tokenTtlMs: env.PASSWORD_RESET_TOKEN_MINUTES * 60_000,
      perAddressPerHour: env.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
      perEmailPerHour: env.PASSWORD_RESETS_PER_EMAIL_PER_HOUR,
    },
    emailVerification: {
      windowMs: env.EMAIL_VERIFICATION_WINDOW,
      perUserPerHour: env.EMAIL_VERIFICATIONS_PER_HOUR,
    },
  };
}

/** The GitHub App's settings when all six are set (the schema refuses some without the rest). */
function githubConfig(env: z.infer<typeof configSchema>): GithubConfig | null {
  const { GITHUB_APP_ID: appId, GITHUB_APP_PRIVATE_KEY: privateKey, GITHUB_WEBHOOK_SECRET: webhookSecret } = env;
  const { GITHUB_CLIENT_ID: clientId, GITHUB_CLIENT_SECRET: clientSecret, GITHUB_APP_SLUG: appSlug } = env;
  if (!appId || !privateKey || !webhookSecret || !clientId || !clientSecret || !appSlug) return null;
  return {
    appId,
    privateKey,
    webhookSecret,
    clientId,
    clientSecret,
    appSlug,
    apiUrl: env.GITHUB_API_URL.replace(/\/+$/, ''),
    webUrl: env.GITHUB_WEB_URL.replace(/\/+$/, ''),
  };
}

function smtpOptions(env: z.infer<typeof configSchema>) {
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    // true means TLS from the first byte (port 465); false upgrades with STARTTLS when the server offers it.
    secure: env.SMTP_SECURE,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS } : undefined,
  };
}

/** STRIPE_API_URL points the SDK at another host (stripe-mock, a local fake); unset means Stripe itself. */
function stripeApi(url: string | undefined) {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
