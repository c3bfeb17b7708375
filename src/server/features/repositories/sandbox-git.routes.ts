import type { FastifyInstance } from 'fastify';
import { sandboxGitEndpoints as endpoints } from '#shared/contracts/sandbox-git.js';
import type { SandboxGitHost } from '#server/integrations/repositories/sandbox-host.js';
import { registerEndpoint } from '#server/plugins/endpoints.js';
import { requireUser } from '#server/plugins/session.js';
import { createSandboxRepository, createSandboxToken, mergeSandboxPull, openSandboxPull, setSandboxCheck } from './sandbox-git.service.js';

/** The sandbox git host's API, mounted only when the sandbox is the repository host (like the payment sandbox's). */
export function sandboxGitRoutes(app: FastifyInstance, host: SandboxGitHost) {
  registerEndpoint(app, endpoints.createRepository, async (request, reply) =>
    reply.status(201).send(await createSandboxRepository(host, requireUser(request), request.body)),
  );
  registerEndpoint(app, endpoints.createToken, async (request, reply) => reply.status(201).send(await createSandboxToken(host, requireUser(request))));
  registerEndpoint(app, endpoints.createPull, async (request, reply) =>
    reply.status(201).send(await openSandboxPull(host, requireUser(request), request.params.id, request.body)),
  );
  registerEndpoint(app, endpoints.mergePull, (request) => mergeSandboxPull(host, requireUser(request), request.params.id, request.params.number));
  registerEndpoint(app, endpoints.setCheck, (request) => setSandboxCheck(host, requireUser(request), request.params.id, request.params.number, request.body));
}
