import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorResponse } from '#shared/errors.js';
import { AppError, codeForStatus } from '#server/app-error.js';
import { databaseUnavailableError, isDatabaseUnavailable } from '#server/db/errors.js';
import { installValidationMessages } from './validation-messages.js';

/** Fastify's own 4xx errors, reworded for people. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
};

/** The router's own refusals, which reach frameworkErrors instead of the error handler. */
const routerMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid (check its percent-encoding)',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/**
 * One place turns every thrown error into `{ code, message }`: AppError with its own status,
 * schema failures as 400 with the first rule's message, and anything unexpected as a 500 that
 * never leaks internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  installValidationMessages();
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => sendError(error, request, reply));
}

/**
 * Fastify's frameworkErrors option: bad percent-encoding or an over-long path parameter is
 * refused by the router before any route runs, so it never reaches the error handler.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = routerMessages[error.code];
  void sendError(message ? Object.assign(error, { message }) : error, request, reply);
}

function sendError(thrown: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  let error = thrown;
  // PostgreSQL down or restarting is an outage, not a bug: a 503 the client may retry, not a 500.
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    error = databaseUnavailableError(error);
  }
  let status: number;
  let body: ErrorResponse;

  if (error instanceof AppError) {
    status = error.status;
    body = { code: error.code, message: error.message };
    reply.headers(error.headers);
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400;
    body = { code: 'VALIDATION_FAILED', message: error.validation[0]?.message ?? 'Invalid request' };
  } else if (error instanceof ZodError) {
    // A contract parsed by hand (multipart fields) failed.
    status = 400;
    body = { code: 'VALIDATION_FAILED', message: error.issues[0]?.message ?? 'Invalid request' };
  } else {
    const fastifyError = error as FastifyError;
    const given = fastifyError.statusCode ?? 500;
    if (given >= 400 && given < 500) {
      status = given;
      const code = fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'INVALID_JSON' : codeForStatus(given);
      body = { code, message: fastifyMessages[fastifyError.code] ?? fastifyError.message };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
    }
  }
  // Refused before its body was read (an upload past the limit, a visitor's upload): the rest of
  // the body still fills the connection, so the client must not send its next request on it.
  if (request.raw.complete === false) reply.header('connection', 'close');
  return reply.status(status).send(body);
}
