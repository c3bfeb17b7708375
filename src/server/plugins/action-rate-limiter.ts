import { RateLimiterMemory, type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from '../app-error.js';
import type { Config } from '../config.js';

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
    this.limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, useRedisPackage: true, keyPrefix, points, duration, insuranceLimiter: memory })
      : memory;
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

/** The per-action limits of spec'd abuse targets; failed logins have their own LoginLimiter. */
export interface RateLimits {
  /** Keyed by client address. */
  registrations: ActionRateLimiter;
  /** Keyed by user id. */
  bids: ActionRateLimiter;
  /** Image uploads (project screenshots, avatars), keyed by user id. */
  uploads: ActionRateLimiter;
  /** Chat messages, keyed by user id. */
  chatMessages: ActionRateLimiter;
  /** Password reset emails, keyed by client address. */
  passwordResetsByAddress: ActionRateLimiter;
  /** Password reset emails, keyed by the address asked about (whether or not it has an account). */
  passwordResetsByEmail: ActionRateLimiter;
}

export function createRateLimits(config: Config, redis?: RedisClientType): RateLimits {
  const { rateLimits: limits } = config;
  return {
    registrations: new ActionRateLimiter({
      keyPrefix: `${config.redisKeyPrefix}register`,
      points: limits.registrationsPerAddressPerHour,
      windowSeconds: 3600,
      message: (wait) => `Too many accounts were created from your address. Please try again in ${wait}.`,
      redis,
    }),
    bids: new ActionRateLimiter({
      keyPrefix: `${config.redisKeyPrefix}bid`,
      points: limits.bidsPerHour,
      windowSeconds: 3600,
      message: (wait) => `You are placing bids too quickly. Please try again in ${wait}.`,
      redis,
    }),
    uploads: new ActionRateLimiter({
      keyPrefix: `${config.redisKeyPrefix}upload`,
      points: limits.uploadsPerHour,
      windowSeconds: 3600,
      message: (wait) => `You are uploading images too quickly. Please try again in ${wait}.`,
      redis,
    }),
    chatMessages: new ActionRateLimiter({
      keyPrefix: `${config.redisKeyPrefix}chat_send`,
      points: limits.chatMessagesPerMinute,
      windowSeconds: 60,
      message: (wait) => `You are sending messages too quickly. Please wait ${wait} and try again.`,
      redis,
    }),
    passwordResetsByAddress: new ActionRateLimiter({
      keyPrefix: `${config.redisKeyPrefix}password_reset_address`,
      points: config.passwordReset.perAddressPerHour,
      windowSeconds: 3600,
      message: (wait) => `Too many password reset requests. Please try again in ${wait}.`,
      redis,
    }),
    passwordResetsByEmail: new ActionRateLimiter({
      keyPrefix: `${config.redisKeyPrefix}password_reset_email`,
      points: config.passwordReset.perEmailPerHour,
      windowSeconds: 3600,
      message: (wait) => `Too many password reset requests for this email. Please try again in ${wait}.`,
      redis,
    }),
  };
}
