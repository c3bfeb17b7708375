import { RateLimiterMemory, type RateLimiterAbstract, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from '#server/app-error.js';

export interface LoginLimiterOptions {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
  redis?: RedisClientType;
  /** Namespaces the Redis keys (REDIS_KEY_PREFIX). */
  keyPrefix?: string;
}

/**
 * Counts failed logins per account (email) and per client address. Past either limit the login
 * is refused with 429 before the password is even checked. With Redis the counts are shared by
 * every instance.
 */
export class LoginLimiter {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;

  constructor(private readonly options: LoginLimiterOptions) {
    const make = (keyPrefix: string, points: number) =>
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, useRedisPackage: true, keyPrefix, points, duration: options.windowSeconds })
        : new RateLimiterMemory({ keyPrefix, points, duration: options.windowSeconds });
    this.byAccount = make(`${options.keyPrefix ?? ''}login_fail_account`, options.perAccount);
    this.byAddress = make(`${options.keyPrefix ?? ''}login_fail_address`, options.perAddress);
  }

  async assertAllowed(email: string, address: string): Promise<void> {
    const [account, ip] = await Promise.all([this.byAccount.get(email), this.byAddress.get(address)]);
    const blocked = [
      account && account.consumedPoints >= this.options.perAccount ? account : null,
      ip && ip.consumedPoints >= this.options.perAddress ? ip : null,
    ].filter((r): r is RateLimiterRes => r !== null);
    if (blocked.length === 0) return;
    const retryMs = Math.max(...blocked.map((r) => r.msBeforeNext));
    const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
    throw new AppError('RATE_LIMITED', `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      headers: { 'retry-after': String(Math.ceil(retryMs / 1000)) },
    });
  }

  async recordFailure(email: string, address: string): Promise<void> {
    // penalty() never rejects when the limit is passed, unlike consume().
    await Promise.all([this.byAccount.penalty(email, 1), this.byAddress.penalty(address, 1)]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byAccount.delete(email);
  }
}
