import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { LoginLimiter } from './features/auth/login-limiter.js';

/** What every service function receives: its dependencies, never the request. */
export interface AppContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  loginLimiter: LoginLimiter;
}
