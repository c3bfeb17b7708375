import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, as HSTS preload lists ask. */
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * helmet's headers with a Content-Security-Policy the built client runs under: every script,
 * style sheet, font and connection comes from this origin (the live connection's ws:/wss: too,
 * which 'self' covers), and images may also be data:/blob: previews or https avatars.
 *
 * HSTS is sent only on requests that arrived over HTTPS (directly, or through a proxy that says so
 * in X-Forwarded-Proto when TRUST_PROXY is on): on plain HTTP it would mean nothing to a browser,
 * and on a development machine's http://localhost it is noise.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${hstsMaxAgeSeconds}; includeSubDomains`);
    }
  });
}
