import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/app-error.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes called by other servers (payment webhooks), which carry no browser Origin. */
    allowCrossOrigin?: boolean;
  }
}

/** The site's own origin: PUBLIC_URL when set, else the one this request was addressed to. */
export function requestOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers always send
 * Origin on cross-origin POST/PATCH/DELETE; Sec-Fetch-Site covers those that strip it. The
 * SameSite=Lax cookie is the first line, this is the second.
 */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string | undefined) {
  // A callback hook, not an async one: no promise per request (decision 084).
  app.addHook('onRequest', (request, _reply, done) => {
    done(crossOriginRefusal(request, publicOrigin));
  });
}

function crossOriginRefusal(request: FastifyRequest, publicOrigin: string | undefined): AppError | undefined {
  if (safeMethods.has(request.method) || request.routeOptions.config?.allowCrossOrigin) return undefined;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== requestOrigin(request, publicOrigin) ? refused() : undefined;
  return request.headers['sec-fetch-site'] === 'cross-site' ? refused() : undefined;
}

const refused = () => new AppError('CROSS_ORIGIN_REFUSED', 'Cross-origin request refused');
