import { z } from 'zod';

/** Every error the API can answer with. The server maps each code to one HTTP status. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'WRONG_PASSWORD',
  'INVALID_RESET_TOKEN',
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

export const errorResponseSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
