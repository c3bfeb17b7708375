/**
 * The three classes of rate-limiter-flexible that Finishline uses, each from its own file. The
 * package's index requires every store it has (MongoDB, MySQL, DynamoDB, etcd, Prisma...): about
 * 100 KB of the server's bundle to read and run at every start for nothing (decision 083).
 */
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js';
import RateLimiterRes from 'rate-limiter-flexible/lib/RateLimiterRes.js';

export { RateLimiterMemory, RateLimiterRedis, RateLimiterRes };
export type { RateLimiterAbstract } from 'rate-limiter-flexible';
