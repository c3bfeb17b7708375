import { randomUUID } from 'node:crypto';
import { sign, verify } from '@octokit/webhooks-methods';
import type { RepositoryEvent, WebhookHeaders } from './repository-host.js';
import { WebhookSignatureError } from './repository-host.js';

/**
 * The sandbox host's webhook events, in GitHub's shapes (the fields GitHub sends that Finishline
 * reads), signed as GitHub signs them (X-Hub-Signature-256), so the one webhook handler reads both
 * hosts' deliveries alike. The general GitHub parser (webhook-events.ts) reads these payloads too.
 */
export interface SandboxDelivery {
  rawBody: Buffer;
  headers: { event: string; delivery: string; signature: string };
}

/** Where the sandbox hands its signed events: the app's webhook handler, or a test's list. */
export type DeliverRepositoryEvent = (delivery: SandboxDelivery) => Promise<void> | void;

export interface EventRepository {
  externalId: string;
  fullName: string;
  defaultBranch: string;
}

const repositoryPayload = (repository: EventRepository) => ({
  id: Number(repository.externalId),
  full_name: repository.fullName,
  default_branch: repository.defaultBranch,
});

export function pushPayload(repository: EventRepository, move: { ref: string; before: string; after: string }, pusher: string) {
  return { ref: move.ref, before: move.before, after: move.after, repository: repositoryPayload(repository), pusher: { name: pusher } };
}

export function mergedPullRequestPayload(
  repository: EventRepository,
  pull: { number: number; mergedBy: string; mergeCommitSha: string; headSha: string; headRef: string; baseRef: string },
) {
  return {
    action: 'closed',
    number: pull.number,
    pull_request: {
      number: pull.number,
      merged: true,
      merged_by: { login: pull.mergedBy },
      merge_commit_sha: pull.mergeCommitSha,
      head: { sha: pull.headSha, ref: pull.headRef },
      base: { ref: pull.baseRef },
    },
    repository: repositoryPayload(repository),
  };
}

/** A payload as a signed delivery, ready for the handler. */
export async function signDelivery(secret: string, event: string, payload: unknown): Promise<SandboxDelivery> {
  const rawBody = Buffer.from(JSON.stringify(payload), 'utf8');
  const signature = await sign(secret, rawBody.toString('utf8'));
  return { rawBody, headers: { event, delivery: randomUUID(), signature } };
}

/** Checks the signature, then reads the events the sandbox sends; anything else is 'other'. */
export async function verifySandboxDelivery(secret: string, rawBody: Buffer, headers: WebhookHeaders): Promise<RepositoryEvent> {
  if (!headers.signature) throw new WebhookSignatureError('The delivery has no X-Hub-Signature-256 header');
  // verify throws on a malformed header; that is a bad signature too.
  const valid = await verify(secret, rawBody.toString('utf8'), headers.signature).catch(() => false);
  if (!valid) throw new WebhookSignatureError('The delivery signature does not verify');
  const delivery = headers.delivery ?? '';
  const payload = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
  return toSandboxEvent(headers.event ?? '', delivery, payload);
}

type Json = Record<string, unknown>;
const object = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function toSandboxEvent(name: string, delivery: string, payload: Json): RepositoryEvent {
  const repository = object(payload.repository);
  const repositoryId = typeof repository.id === 'number' || typeof repository.id === 'string' ? String(repository.id) : '';
  if (name === 'push') {
    return {
      delivery,
      type: 'push',
      repositoryId,
      ref: text(payload.ref) ?? '',
      after: text(payload.after) ?? '',
      defaultBranch: text(repository.default_branch) ?? 'main',
    };
  }
  if (name === 'pull_request') {
    const pull = object(payload.pull_request);
    return {
      delivery,
      type: 'pull_request',
      repositoryId,
      action: text(payload.action) ?? '',
      number: Number(payload.number ?? pull.number),
      merged: pull.merged === true,
      mergedBy: text(object(pull.merged_by).login),
      mergeCommitSha: text(pull.merge_commit_sha),
      headSha: text(object(pull.head).sha) ?? '',
    };
  }
  return { delivery, type: 'other', name };
}
