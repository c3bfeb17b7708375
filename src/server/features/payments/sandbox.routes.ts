import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxAccountSchema, sandboxCheckoutSchema, sandboxPayBodySchema, sandboxRedirectSchema } from '#shared/contracts/payments.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { SandboxProvider } from '#server/integrations/payments/sandbox-provider.js';
import { handleWebhook } from './webhooks.service.js';

const tokenParams = z.object({ id: z.string().min(1).max(4096) });
const errors = errorResponses(400, 402, 404);

/**
 * The sandbox's hosted pages talk to these routes, mounted only when no Stripe key is set. Its
 * events go through handleWebhook, the same path Stripe's take, signature check included.
 */
export function sandboxRoutes(app: FastifyInstance, ctx: AppContext, sandbox: SandboxProvider) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox'];

  api.get('/api/sandbox/checkout-sessions/:id', { schema: { tags, params: tokenParams, response: { 200: sandboxCheckoutSchema, ...errors } } }, (request) => {
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

  api.post(
    '/api/sandbox/checkout-sessions/:id/pay',
    { schema: { tags, params: tokenParams, body: sandboxPayBodySchema, response: { 200: sandboxRedirectSchema, ...errors } } },
    async (request) => {
      const result = sandbox.pay(request.params.id, request.body.cardNumber);
      if (!result.ok) throw new AppError('PAYMENT_DECLINED', result.message);
      await handleWebhook(ctx, result.event.rawBody, result.event.signature);
      return { redirectUrl: result.redirectUrl };
    },
  );

  api.get('/api/sandbox/onboarding/:id', { schema: { tags, params: tokenParams, response: { 200: sandboxAccountSchema, ...errors } } }, (request) => {
    const link = sandbox.readOnboarding(request.params.id);
    if (!link) throw new AppError('NOT_FOUND', 'This onboarding link does not exist');
    return { id: link.accountId, email: null, returnUrl: link.returnUrl, refreshUrl: link.refreshUrl };
  });

  api.post(
    '/api/sandbox/onboarding/:id/complete',
    { schema: { tags, params: tokenParams, response: { 200: sandboxRedirectSchema, ...errors } } },
    async (request) => {
      const done = sandbox.completeOnboarding(request.params.id);
      if (!done) throw new AppError('NOT_FOUND', 'This onboarding link does not exist');
      await handleWebhook(ctx, done.event.rawBody, done.event.signature);
      return { redirectUrl: done.redirectUrl };
    },
  );
}
