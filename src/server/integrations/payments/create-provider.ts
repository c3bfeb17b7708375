import type { Config } from '#server/config.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** Stripe when its keys are configured, the built-in sandbox otherwise. */
export function createPaymentProvider(config: Pick<Config, 'stripe' | 'sandboxSecret'>): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createSandboxProvider(config.sandboxSecret);
}
