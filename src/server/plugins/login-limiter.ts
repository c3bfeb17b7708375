import { RateLimiterMemory, type RateLimiterAbstract, RateLimiterRedis, type RateLimiterRes } from '#server/plugins/rate-limiter-stores.js';
import type { RedisClientType } from 'redis';
import { AppError } from '#server/app-error.js';

export interface LoginLimiterOptions {
  /** Failures one address may make against one account before that pair is refused. */
  perAccount: number;
  perAddress: number;
  /**
   * Failures against one account from all addresses together; past it, an address that has
   * already failed on the account gets no second try until the window passes (a slower botnet).
   */
  perAccountAllAddresses: number;
  windowSeconds: number;
  redis?: RedisClientType;
  /** Namespaces the Redis keys (REDIS_KEY_PREFIX). */
  keyPrefix?: string;
}

/**
 * Counts failed logins per account and address together, per address, and per account across
 * addresses (docs/decisions/004-login-rate-limiting.md). Past a limit the login is refused with 429
 * before the password is even checked. Nobody can lock someone else's account: the right password
 * from an address that has not been failing still signs in, while the guessing address is slowed.
 * With Redis the counts are shared by every instance.
 */
export class LoginLimiter {
  private readonly byPair: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  private readonly byAccount: RateLimiterAbstract;

  constructor(private readonly options: LoginLimiterOptions) {
    const make = (keyPrefix: string, points: number) =>
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, useRedisPackage: true, keyPrefix, points, duration: options.windowSeconds })
        : new RateLimiterMemory({ keyPrefix, points, duration: options.windowSeconds });
    this.byPair = make(`${options.keyPrefix ?? ''}login_fail_pair`, options.perAccount);
    this.byAddress = make(`${options.keyPrefix ?? ''}login_fail_address`, options.perAddress);
    this.byAccount = make(`${options.keyPrefix ?? ''}login_fail_account`, options.perAccountAllAddresses);
  }

  async assertAllowed(email: string, address: string): Promise<void> {
    const [pair, ip, account] = await Promise.all([this.byPair.get(pairKey(email, address)), this.byAddress.get(address), this.byAccount.get(email)]);
    const accountUnderAttack = account !== null && account.consumedPoints >= this.options.perAccountAllAddresses;
    const blocked = [
      pair && pair.consumedPoints >= (accountUnderAttack ? 1 : this.options.perAccount) ? pair : null,
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
    await Promise.all([this.byPair.penalty(pairKey(email, address), 1), this.byAddress.penalty(address, 1), this.byAccount.penalty(email, 1)]);
  }

  /**
   * A sign-in from this address clears its own count on the account. The account's count over all
   * addresses stays until its window passes: the owner signing in must not give a botnet a fresh
   * start on the account.
   */
  async recordSuccess(email: string, address: string): Promise<void> {
    await this.byPair.delete(pairKey(email, address));
  }

  /** A new password (a reset proved by the mailbox) ends the guessing: every count on the account restarts. */
  async recordPasswordReset(email: string, address: string): Promise<void> {
    await Promise.all([this.byPair.delete(pairKey(email, address)), this.byAccount.delete(email)]);
  }
}

const pairKey = (email: string, address: string) => `${email}|${address}`;
