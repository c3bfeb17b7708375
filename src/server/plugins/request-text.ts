import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/app-error.js';
import { isApiRoute } from './matched-route.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The escape \u0000 not itself escaped (an even run of backslashes before it, or none). */
const escapedNul = /(?<!\\)(?:\\\\)*\\u0000/;

/** PostgreSQL text cannot hold U+0000, so text with it would fail at the first query as a 500. */
export const nulRefused = () => new AppError('VALIDATION_FAILED', 'Text may not contain the NUL character (U+0000)');

/**
 * Text reaches the API as UTF-8 without U+0000, or is refused with a 400 before any route runs:
 *
 * - JSON bodies must be UTF-8 (RFC 8259). Fastify's own parser decodes leniently, turning bytes
 *   that are not UTF-8 into U+FFFD, so damaged text would be stored as if the user had typed it.
 *   The text then goes to Fastify's JSON parser, which keeps its __proto__ and constructor checks.
 * - The path and query of /api requests must percent-decode to UTF-8: the query parser keeps a
 *   broken escape as it is, and the router only checks the path.
 * - Neither may carry U+0000 (JSON can only send it as the escape \u0000), which PostgreSQL
 *   refuses in text: a search or a message with it used to answer 500.
 */
export function registerRequestTextChecks(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new AppError('INVALID_JSON', 'The request body is not valid UTF-8 text'), undefined);
      return;
    }
    if (escapedNul.test(text)) {
      done(nulRefused(), undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  // A callback hook, not an async one: no promise per request (decision 084).
  app.addHook('onRequest', (request, _reply, done) => {
    done(addressRefusal(request));
  });
}

/** Every spelling of an API path: the router serves /%61pi/projects as /api/projects (decision 039). */
function addressRefusal(request: FastifyRequest): AppError | undefined {
  if (!request.url.includes('%') || !isApiRoute(request)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(request.url);
  } catch {
    return new AppError('VALIDATION_FAILED', 'The address is not valid (check its percent-encoding)');
  }
  return decoded.includes('\0') ? nulRefused() : undefined;
}
