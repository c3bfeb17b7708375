import { z } from 'zod';

/**
 * The body of an endpoint that reads nothing from it: none at all, or an empty JSON object.
 * Anything in it is refused (`Unknown field: now`), so a client that believes it is sending
 * something (`{ now: true }` to escalate, `{ refundCents: 1 }` to agree) hears that it is not
 * (decision 015; issue 26, item 7; docs/decisions/039-guards-on-routes-and-closed-bodies.md).
 */
export const emptyBodySchema = z.strictObject({}).optional();
