import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bidIdParamsSchema } from '#shared/contracts/bids.js';
import {
  checkOnboardingBodySchema,
  checkoutResponseSchema,
  connectAccountResponseSchema,
  createConnectAccountBodySchema,
  onboardingStatusSchema,
  paymentSchema,
  startCheckoutBodySchema,
  webhookResponseSchema,
} from '#shared/contracts/payments.js';
import { idParamsSchema } from '#shared/contracts/projects.js';
import { errorResponseSchema } from '#shared/errors.js';
import { errorResponses } from '#server/plugins/error-handler.js';
import type { AppContext } from '#server/context.js';
import { requestOrigin } from '#server/plugins/origin-check.js';
import { requireUser } from '#server/plugins/session.js';
import { startCheckout } from './checkout.service.js';
import { checkOnboardingStatus, createConnectOnboarding } from './connect.service.js';
import { getProjectPayment } from './payments.service.js';
import { handleWebhook } from './webhooks.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const origin = (request: Parameters<typeof requestOrigin>[0]) => requestOrigin(request, ctx.config.publicOrigin);

  api.post(
    '/api/bids/:bidId/pay',
    { schema: { tags, params: bidIdParamsSchema, body: startCheckoutBodySchema.optional(), response: { 200: checkoutResponseSchema, ...errors } } },
    (request) => startCheckout(ctx, requireUser(request), request.params.bidId, origin(request)),
  );

  api.get('/api/projects/:id/payment', { schema: { tags, params: idParamsSchema, response: { 200: paymentSchema.nullable(), ...errors } } }, (request) =>
    getProjectPayment(ctx, requireUser(request), request.params.id),
  );

  // The spec's {provider} segment: the sandbox imitates Stripe, so both answer under /api/stripe.
  api.post(
    '/api/stripe/create-connect-account',
    { schema: { tags, body: createConnectAccountBodySchema, response: { 200: connectAccountResponseSchema, ...errors } } },
    (request) => createConnectOnboarding(ctx, requireUser(request), request.body.userId, origin(request)),
  );

  api.post(
    '/api/stripe/check-onboarding-status',
    { schema: { tags, body: checkOnboardingBodySchema, response: { 200: onboardingStatusSchema, ...errors } } },
    (request) => checkOnboardingStatus(ctx, requireUser(request), request.body.userId),
  );

  // Signatures are computed over the exact bytes, so this route keeps its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    raw
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/stripe/webhook',
        { config: { allowCrossOrigin: true }, schema: { tags, response: { 200: webhookResponseSchema, 400: errorResponseSchema } } },
        (request) => {
          const signature = request.headers['stripe-signature'];
          return handleWebhook(ctx, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), typeof signature === 'string' ? signature : undefined);
        },
      );
  });
}
