import type { FastifyInstance } from 'fastify';
import { paymentEndpoints } from '#shared/contracts/payments.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requestOrigin } from '#server/plugins/origin-check.js';
import { requireUser } from '#server/plugins/session.js';
import { startCheckout } from './checkout.service.js';
import { checkOnboardingStatus, createConnectOnboarding } from './connect.service.js';
import { getProjectPayment } from './payments.service.js';
import { handleWebhook } from './webhooks.service.js';

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = paymentEndpoints;
  const origin = (request: Parameters<typeof requestOrigin>[0]) => requestOrigin(request, ctx.config.publicOrigin);

  registerEndpoint(app, endpoints.startCheckout, (request) => startCheckout(ctx, requireUser(request), request.params.bidId, origin(request)));

  registerEndpoint(app, endpoints.ofProject, (request) => getProjectPayment(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.createConnectAccount, (request) => createConnectOnboarding(ctx, requireUser(request), request.body.userId, origin(request)));

  registerEndpoint(app, endpoints.checkOnboardingStatus, (request) => checkOnboardingStatus(ctx, requireUser(request), request.body.userId));

  // Signatures are computed over the exact bytes, so this route keeps its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    registerEndpoint(raw, endpoints.webhook, (request) => {
      const signature = request.headers['stripe-signature'];
      return handleWebhook(ctx, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), typeof signature === 'string' ? signature : undefined);
    });
  });
}
