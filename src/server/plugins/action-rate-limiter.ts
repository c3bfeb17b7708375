import { RateLimiterMemory, type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from '#server/plugins/rate-limiter-stores.js';
import type { RedisClientType } from 'redis';
import { AppError } from '#server/app-error.js';
import type { Config } from '#server/config.js';

export interface ActionRateLimiterOptions {
  keyPrefix: string;
  /** Actions allowed per window. */
  points: number;
  windowSeconds: number;
  /** The 429 message, given how long to wait (e.g. "30 seconds", "12 minutes"). */
  message: (wait: string) => string;
  /** With Redis every instance shares the counts. */
  redis?: RedisClientType;
}

/**
 * Counts one action per key (a user id, or a client address before anyone is signed in) and
 * refuses past the limit with 429 RATE_LIMITED and Retry-After. Services call it after their
 * permission checks, so only actions that would have happened count.
 */
export class ActionRateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(private readonly options: ActionRateLimiterOptions) {
    const { keyPrefix, points, windowSeconds: duration, redis } = options;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    // If Redis fails, each instance keeps counting in memory rather than refusing everyone.
    this.limiter = redis ? new RateLimiterRedis({ storeClient: redis, useRedisPackage: true, keyPrefix, points, duration, insuranceLimiter: memory }) : memory;
  }

  async consume(key: string | number): Promise<void> {
    try {
      await this.limiter.consume(String(key));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection; // the store failed, not the limit
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError('RATE_LIMITED', this.options.message(describeWait(seconds)), {
        headers: { 'retry-after': String(seconds) },
      });
    }
  }
}

function describeWait(seconds: number): string {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const HOUR = 3600;

/** What each limited action allows, and what the refused caller reads. */
function rateLimitRules(config: Config) {
  const { rateLimits: limits, passwordReset, emailVerification } = config;
  return {
    /** Keyed by client address. */
    registrations: {
      points: limits.registrationsPerAddressPerHour,
      windowSeconds: HOUR,
      message: (wait: string) => `Too many accounts were created from your address. Please try again in ${wait}.`,
    },
    /** Keyed by user id. */
    bids: { points: limits.bidsPerHour, windowSeconds: HOUR, message: (wait: string) => `You are placing bids too quickly. Please try again in ${wait}.` },
    /** Image uploads (project screenshots, avatars), keyed by user id. */
    uploads: {
      points: limits.uploadsPerHour,
      windowSeconds: HOUR,
      message: (wait: string) => `You are uploading files too quickly. Please try again in ${wait}.`,
    },
    /** Chat messages, keyed by user id. */
    chatMessages: {
      points: limits.chatMessagesPerMinute,
      windowSeconds: 60,
      message: (wait: string) => `You are sending messages too quickly. Please wait ${wait} and try again.`,
    },
    /** Issue 29: an owner's refreshes of a project's repository report, keyed by project id. */
    repositoryRefreshes: {
      points: limits.repositoryRefreshesPerHour,
      windowSeconds: HOUR,
      message: (wait: string) => `The repository was read again recently. Please try again in ${wait}.`,
    },
    /** Password reset emails, keyed by client address. */
    passwordResetsByAddress: {
      points: passwordReset.perAddressPerHour,
      windowSeconds: HOUR,
      message: (wait: string) => `Too many password reset requests. Please try again in ${wait}.`,
    },
    /** Password reset emails, keyed by the address asked about (whether or not it has an account). */
    passwordResetsByEmail: {
      points: passwordReset.perEmailPerHour,
      windowSeconds: HOUR,
      message: (wait: string) => `Too many password reset requests for this email. Please try again in ${wait}.`,
    },
    /** Email confirmation mails (resends and email changes), keyed by user id: an address cannot be flooded from one account. */
    emailVerifications: {
      points: emailVerification.perUserPerHour,
      windowSeconds: HOUR,
      message: (wait: string) => `Too many confirmation emails were sent. Please try again in ${wait}.`,
    },
  } satisfies Record<string, Omit<ActionRateLimiterOptions, 'keyPrefix' | 'redis'>>;
}

/** The per-action limits of spec'd abuse targets; failed logins have their own LoginLimiter. */
export type RateLimits = Record<keyof ReturnType<typeof rateLimitRules>, ActionRateLimiter>;

export function createRateLimits(config: Config, redis?: RedisClientType): RateLimits {
  const limiters = Object.entries(rateLimitRules(config)).map(([action, rule]) => [
    action,
    new ActionRateLimiter({ ...rule, keyPrefix: `${config.redisKeyPrefix}${action}`, redis }),
  ]);
  return Object.fromEntries(limiters) as RateLimits;
}
