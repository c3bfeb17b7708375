import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/app-error.js';
import { gitServiceOf } from '#server/integrations/repositories/git-http-backend.js';
import type { SandboxGitHost } from '#server/integrations/repositories/sandbox-host.js';
import { rawWithReplyHeaders } from '#server/plugins/security-headers.js';

const CHALLENGE = { 'www-authenticate': 'Basic realm="Finishline sandbox"' };
/** /git/{owner}/{name}[.git][/{rest}]: names are plain words, so nothing here is percent-decoded. */
const GIT_PATH = /^\/git\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?(?:\/(.*))?$/;

const challenge = (message: string) => new AppError('UNAUTHENTICATED', message, { headers: CHALLENGE });
const notFound = () => new AppError('NOT_FOUND', 'Repository not found');

/**
 * git's smart HTTP for the sandbox host (docs/decisions/054-repository-hosts.md). Credentials are a
 * personal token in Basic authentication, never the session cookie (git sends none, and a browser's
 * cookie must not let another site push). The body is git's own protocol, streamed to
 * `git http-backend` as it arrives: no JSON parser, no compression, no origin check (git sends no
 * Origin; a browser cannot send Basic credentials cross-site without a prompt).
 */
export async function gitHttpRoutes(app: FastifyInstance, host: SandboxGitHost, pushMaxBytes: number) {
  await app.register(async (git) => {
    git.removeAllContentTypeParsers();
    // Leaves the body unread on the raw request, for http-backend to read.
    git.addContentTypeParser('*', (_request, _payload, done) => done(null));
    git.route({
      method: ['GET', 'POST'],
      url: '/git/*',
      bodyLimit: pushMaxBytes,
      schema: { hide: true },
      config: { allowCrossOrigin: true },
      handler: (request, reply) => serve(host, request, reply, pushMaxBytes),
    });
  });
}

async function serve(host: SandboxGitHost, request: FastifyRequest, reply: FastifyReply, pushMaxBytes: number) {
  const url = request.raw.url ?? '';
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const queryString = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const match = GIT_PATH.exec(pathname);
  if (!match) throw notFound();
  const [, owner = '', name = '', rest = ''] = match;
  const service = gitServiceOf(request.method, rest, queryString);
  if (rest === '' ? request.method !== 'GET' : !service) throw notFound();
  if (Number(request.headers['content-length'] ?? 0) > pushMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'This push is larger than the sandbox host takes');
  const reason = await host.unavailableReason();
  if (reason) throw new AppError('SERVICE_UNAVAILABLE', `The sandbox git host is unavailable: ${reason}`);

  // Wrong credentials answer 401 with the challenge, not 403: git then rejects the stored credential
  // (its helper forgets it) and asks again, where a 403 would leave a bad token stored for good.
  const authorization = request.headers.authorization;
  const user = authorization ? await host.authenticate(authorization) : null;
  if (authorization && !user) throw challenge('These credentials are not valid: use your username and a sandbox git token');
  const repository = await host.findByName(owner, name);
  if (!repository) throw notFound();
  if (!(await host.canRead(user, repository))) {
    if (!user) throw challenge('Sign in with your username and a sandbox git token');
    throw notFound();
  }
  if (service === 'git-receive-pack') {
    if (!user) throw challenge('Pushing needs your username and a sandbox git token');
    if (!(await host.canPush(user, repository))) throw new AppError('FORBIDDEN', 'You may not push to this repository');
  }
  if (rest === '') {
    return reply.type('text/plain; charset=utf-8').send(`${repository.fullName}\n\nClone it with:\n  git clone ${repository.cloneUrl}\n`);
  }
  reply.hijack();
  await host.serveGit({ req: request.raw, res: rawWithReplyHeaders(reply), repository, user, rest, queryString });
}
