import { RateLimiterMemory, type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from '../app-error.js';

export interface UserRateLimiterOptions {
  keyPrefix: string;
  /** Actions allowed per window. */
  points: number;
  windowSeconds: number;
  /** The 429 message, given the seconds to wait. */
  message: (seconds: number) => string;
  /** With Redis every instance shares the counts. */
  redis?: RedisClientType;
}

/**
 * Counts one action per signed-in user (sending a chat message, say) and refuses past the limit
 * with 429 RATE_LIMITED and Retry-After. Services call it after their permission checks, so only
 * actions that would have happened count.
 */
export class UserRateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(private readonly options: UserRateLimiterOptions) {
    const { keyPrefix, points, windowSeconds: duration, redis } = options;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    // If Redis fails, each instance keeps counting in memory rather than refusing everyone.
    this.limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, useRedisPackage: true, keyPrefix, points, duration, insuranceLimiter: memory })
      : memory;
  }

  async consume(userId: number): Promise<void> {
    try {
      await this.limiter.consume(String(userId));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection; // the store failed, not the limit
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError('RATE_LIMITED', this.options.message(seconds), {
        headers: { 'retry-after': String(seconds) },
      });
    }
  }
}
