import type { ErrorCode } from '#shared/errors.js';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  // The signed-in user's own password, re-entered to change it: a form error, not a sign-out.
  WRONG_PASSWORD: 400,
  INVALID_RESET_TOKEN: 400,
  FORBIDDEN: 403,
  CROSS_ORIGIN_REFUSED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  PAYMENT_DECLINED: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type services throw. The error handler answers { code, message } with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = statusByCode[code];
    this.headers = options.headers ?? {};
  }
}

export function httpStatusOf(code: ErrorCode): number {
  return statusByCode[code];
}

export function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(statusByCode) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (match) return match[0];
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
}
