import type { RepositoryProvider } from '#shared/domain/repository-report.js';
import { AppError } from '#server/app-error.js';
import { type RepositoryHost, WebhookSignatureError } from './repository-host.js';

/**
 * A host that cannot serve (the sandbox without a git that can merge): listing answers nothing, every
 * other call answers 503 with the reason, and webhooks are refused. Nothing else in the app is affected.
 */
export function createUnavailableHost(reason: string, provider: RepositoryProvider = 'sandbox'): RepositoryHost {
  const refuse = () => Promise.reject(new AppError('SERVICE_UNAVAILABLE', reason));
  return {
    provider,
    webhookProvider: provider === 'github' ? 'github' : 'sandbox-git',
    listConnectable: () => Promise.resolve([]),
    verifyAdmin: () => Promise.resolve(null),
    getRepository: refuse,
    resolveBranch: refuse,
    openSnapshot: refuse,
    grantPush: refuse,
    revokePush: refuse,
    getPullRequest: refuse,
    postCheck: refuse,
    verifyWebhook: () => Promise.reject(new WebhookSignatureError(reason)),
  };
}
