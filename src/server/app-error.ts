import { type ErrorCode, errorStatus as statusByCode } from '#shared/errors.js';

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

export function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(statusByCode) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (match) return match[0];
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
}
