import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** One year, as HSTS preload lists ask. */
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * helmet's headers with a Content-Security-Policy the built client runs under: every script,
 * style sheet, font and connection comes from this origin (the live connection's ws:/wss: too,
 * which 'self' covers), and images may also be data:/blob: previews or https avatars.
 */
const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'connect-src': ["'self'"],
      // HSTS does this job where it matters; on a plain-HTTP address (a LAN box, a test proxy)
      // upgrading every asset request to https would break the page.
      'upgrade-insecure-requests': null,
    },
  },
  // The API is same-origin only; cross-origin embedding of its resources is refused.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
};

/**
 * What helmet's middleware does to a response with these options, worked out once: every header
 * it sets is a constant of the options (no nonces, nothing read from the request).
 * @fastify/helmet ran helmet(options), parsing the policy, on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    // helmet removes only X-Powered-By, which Fastify never sets.
    removeHeader: () => undefined,
  };
  // helmet throws on bad options (since 8.1 it no longer passes errors to `next`).
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * helmet's headers on every answer, as Fastify headers of the reply (a route's own header of the
 * same name, like the uploads' stricter policy, still wins). Not on the raw response, as helmet
 * sets them: eleven raw setHeader calls each checked a name and a value, and then Node merged the
 * reply's headers into them one setHeader at a time; from the reply they are written in one go
 * (decision 084). A route that takes the raw response over (reply.hijack) copies them itself
 * (rawWithReplyHeaders).
 *
 * HSTS is sent only on requests that arrived over HTTPS (directly, or through a proxy that says so
 * in X-Forwarded-Proto when TRUST_PROXY is on): on plain HTTP it would mean nothing to a browser,
 * and on a development machine's http://localhost it is noise.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders(helmetOptions);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${hstsMaxAgeSeconds}; includeSubDomains`);
    }
    done(null, payload);
  });
}

/** The raw response of a hijacked reply, with the headers the reply holds so far (security headers, X-Request-Id). */
export function rawWithReplyHeaders(reply: FastifyReply): ServerResponse {
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  return reply.raw;
}
