import type { FastifyInstance } from 'fastify';
import { sandboxEndpoints } from '#shared/contracts/payments.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { SandboxProvider } from '#server/integrations/payments/sandbox-provider.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { refuseLapsedCheckout, simulateCardDispute } from './sandbox.service.js';
import { handleWebhook } from './webhooks.service.js';

/**
 * The sandbox's hosted pages talk to these routes, mounted only when no Stripe key is set; so does
 * anyone playing a chargeback. Its events go through handleWebhook, the same path Stripe's take,
 * signature check included.
 */
export function sandboxRoutes(app: FastifyInstance, ctx: AppContext, sandbox: SandboxProvider) {
  const endpoints = sandboxEndpoints;

  registerEndpoint(app, endpoints.checkoutSession, (request) => {
    const session = sandbox.readCheckout(request.params.id);
    if (!session) throw new AppError('NOT_FOUND', 'This checkout session does not exist');
    return {
      id: session.id,
      amountCents: session.amountCents,
      currency: session.currency,
      description: session.description,
      cancelUrl: session.cancelUrl,
      isExpired: session.isExpired,
    };
  });

  registerEndpoint(app, endpoints.pay, async (request) => {
    // A lapsed bid's checkout takes no money (decision 037); the webhook re-checks under the project lock.
    await refuseLapsedCheckout(ctx, sandbox.readCheckout(request.params.id)?.metadata);
    const result = sandbox.pay(request.params.id, request.body, ctx.clock.now());
    if (!result.ok) throw new AppError('PAYMENT_DECLINED', result.message);
    await handleWebhook(ctx, result.event.rawBody, result.event.signature);
    return { redirectUrl: result.redirectUrl };
  });

  registerEndpoint(app, endpoints.onboarding, (request) => {
    const link = sandbox.readOnboarding(request.params.id);
    if (!link) throw new AppError('NOT_FOUND', 'This onboarding link does not exist');
    return { id: link.accountId, email: null, returnUrl: link.returnUrl, refreshUrl: link.refreshUrl };
  });

  registerEndpoint(app, endpoints.completeOnboarding, async (request) => {
    const done = sandbox.completeOnboarding(request.params.id);
    if (!done) throw new AppError('NOT_FOUND', 'This onboarding link does not exist');
    await handleWebhook(ctx, done.event.rawBody, done.event.signature);
    return { redirectUrl: done.redirectUrl };
  });

  registerEndpoint(app, endpoints.cardDispute, (request) => simulateCardDispute(ctx, sandbox, requireUser(request), request.params.paymentId, request.body));
}
