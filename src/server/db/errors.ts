import { AppError } from '#server/app-error.js';

type ErrorLike = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * Whether `error` or anything it wraps passes `test`. Drizzle wraps driver errors in `cause`;
 * a refused connection to a host with several addresses arrives as an AggregateError.
 */
function anyCause(error: unknown, test: (candidate: ErrorLike) => boolean): boolean {
  for (let current: unknown = error; current; current = (current as ErrorLike).cause) {
    const candidate = current as ErrorLike;
    if (test(candidate)) return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => anyCause(inner, test))) return true;
  }
  return false;
}

/** The constraint a statement broke when it is a unique violation (SQLSTATE 23505), else null. */
export function uniqueViolation(error: unknown): string | null {
  let constraint: string | null = null;
  anyCause(error, (candidate) => {
    if (candidate.code !== '23505') return false;
    constraint = typeof candidate.constraint === 'string' ? candidate.constraint : '';
    return true;
  });
  return constraint;
}

/**
 * Socket errors and SQLSTATEs that mean "PostgreSQL is not there right now", not "this request is
 * wrong": the server is down or restarting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now), out of connection slots (53300), a connection broke (class 08), or a
 * statement ran past statement_timeout (57014, see openPostgres).
 */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);

/** node-postgres reports a dropped or timed-out connection with these messages and no code. */
const unavailableMessages = ['Connection terminated', 'timeout exceeded when trying to connect', 'is not queryable'];

/** Whether a failure means the database is unreachable or restarting rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(error, ({ code, message }) => {
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    return typeof message === 'string' && unavailableMessages.some((text) => message.includes(text));
  });
}

/** How long clients are told to wait (Retry-After) before trying again during an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The 503 every request answers while the database is unavailable (decision record 017). */
export function databaseUnavailableError(cause: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.', {
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    cause,
  });
}
