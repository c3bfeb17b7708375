import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The escape \u0000 not itself escaped (an even run of backslashes before it, or none). */
const escapedNul = /(?<!\\)(?:\\\\)*\\u0000/;

/** PostgreSQL text cannot hold U+0000, so text with it would fail at the first write as a 500. */
export const nulRefused = () => new AppError('VALIDATION_FAILED', 'Text may not contain the NUL character (U+0000)');

/**
 * JSON bodies must be UTF-8 (RFC 8259). Fastify's own parser decodes leniently, turning bytes that
 * are not UTF-8 into U+FFFD, so damaged text would be stored as if the user had typed it. This
 * parser refuses such bodies, and text with U+0000 (which JSON can only carry as the escape
 * \u0000), then hands the text to Fastify's JSON parser, which keeps its __proto__ and
 * constructor poisoning checks.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
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
    parseJson(request, text, done);
  });
}
