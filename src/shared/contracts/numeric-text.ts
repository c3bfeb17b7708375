import { z } from 'zod';

/**
 * A number sent as a JSON number or as the text of one ('750' from a form field or multipart).
 * Unlike z.coerce.number(), nothing else turns into a number: true, null, [] and '' stay refused
 * instead of quietly becoming 1 or 0. The number schema carries the rules and their messages.
 */
export function numberOrNumericText<T extends z.ZodNumber>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);
}
