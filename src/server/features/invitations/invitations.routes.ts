import type { FastifyInstance } from 'fastify';
import { invitationEndpoints } from '#shared/contracts/invitations.js';
import type { AppContext } from '#server/context.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { inviteToBid, listProjectInvitations, listUserInvitations } from './invitations.service.js';

/** Invitations to bid (issue 30, item 5). */
export function invitationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = invitationEndpoints;

  registerEndpoint(app, endpoints.create, async (request, reply) =>
    reply.status(201).send(await inviteToBid(ctx, requireUser(request), request.params.id, request.body)),
  );

  registerEndpoint(app, endpoints.ofProject, (request) => listProjectInvitations(ctx, requireUser(request), request.params.id));

  registerEndpoint(app, endpoints.ofUser, (request) => listUserInvitations(ctx, requireUser(request), request.params.id));
}
