import { z } from 'zod';

/** Every error the API can answer with. The server maps each code to one HTTP status. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'WRONG_PASSWORD',
  'INVALID_RESET_TOKEN',
  'INVALID_VERIFICATION_TOKEN',
  'EMAIL_NOT_VERIFIED',
  'INVALID_UNSUBSCRIBE_TOKEN',
  'FORBIDDEN',
  'CROSS_ORIGIN_REFUSED',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'CONFLICT',
  'INVALID_TRANSITION',
  'PAYMENT_DECLINED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status each code answers with: the server sends it, the OpenAPI document lists it. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  // The signed-in user's own password, re-entered to change it: a form error, not a sign-out.
  WRONG_PASSWORD: 400,
  INVALID_RESET_TOKEN: 400,
  INVALID_VERIFICATION_TOKEN: 400,
  // Signed in, but this needs an address the user proved (payouts, operator rights): decision 036.
  EMAIL_NOT_VERIFIED: 403,
  INVALID_UNSUBSCRIBE_TOKEN: 400,
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

export const errorResponseSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
