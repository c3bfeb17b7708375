import { createRequire } from 'node:module';
import type Stripe from 'stripe';

const require = createRequire(import.meta.url);

/**
 * The Stripe SDK, loaded when first needed rather than when the server starts: it is a few hundred
 * modules, and most starts use neither Stripe nor the sandbox's webhooks
 * (docs/decisions/032-initial-load-and-cold-start.md). Synchronous, so that the providers stay so.
 */
export function loadStripe(): typeof Stripe {
  return require('stripe') as typeof Stripe;
}
