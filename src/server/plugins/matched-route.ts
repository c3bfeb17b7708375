import type { FastifyRequest } from 'fastify';

/**
 * What a hook decides by must be what the router decided by (issue 26, item 3). The router
 * matches the percent-decoded path, so `/%64ev/mail` is served by `/dev/mail` and `/%61pi/user`
 * by `/api/user`: a hook comparing `request.url` with a prefix sees neither. Hooks ask for the
 * matched route's pattern instead, and a guard belongs on its route (a route-level onRequest),
 * where no spelling of the path can step around it.
 */

/** The pattern of the route the router matched ('/api/projects/:id'), or undefined when none did. */
export const matchedRoute = (request: FastifyRequest): string | undefined => request.routeOptions.url;

/** True when the request is served by a route of the API. */
export const isApiRoute = (request: FastifyRequest): boolean => matchedRoute(request)?.startsWith('/api/') ?? false;

/** The path of a URL as the router reads it: without the query, percent-decoded (as it came, when it does not decode). */
export function decodedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
