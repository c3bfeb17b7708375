import { sign, verify } from '@octokit/webhooks-methods';
import { z } from 'zod';
import { type RepositoryEvent, WebhookSignatureError } from './repository-host.js';

/**
 * Reading a repository host's webhook deliveries (docs/decisions/054-repository-hosts.md). Both
 * adapters send GitHub's shapes signed GitHub's way, so one reader serves the GitHub App and the
 * sandbox host alike.
 */

const SIGNATURE = /^sha256=[0-9a-f]{64}$/;

/** Throws WebhookSignatureError unless `signatureHeader` is the body's HMAC-SHA256 under `secret`. */
export async function verifyGithubSignature(secret: string, rawBody: Buffer, signatureHeader: string | undefined): Promise<void> {
  if (!signatureHeader || !SIGNATURE.test(signatureHeader)) throw new WebhookSignatureError('The delivery has no valid X-Hub-Signature-256 header');
  // verify() throws a TypeError on an empty payload: an empty body is simply not a signed delivery.
  if (rawBody.length === 0) throw new WebhookSignatureError('The delivery has no body');
  // GitHub signs the bytes it sends; JSON is UTF-8, so the decoded string hashes to the same bytes.
  const isValid = await verify(secret, rawBody.toString('utf8'), signatureHeader);
  if (!isValid) throw new WebhookSignatureError('The delivery signature does not match');
}

/** The X-Hub-Signature-256 value for a body: what the sandbox host and the tests send. */
export async function signGithubPayload(secret: string, body: string): Promise<string> {
  return sign(secret, body);
}

// GitHub ids are numbers; we keep them as text (repositories.external_id).
const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);
const repository = z.looseObject({ id, full_name: z.string(), default_branch: z.string().optional() });

const pushPayload = z.looseObject({
  ref: z.string(),
  after: z.string(),
  repository: repository.extend({ default_branch: z.string() }),
});

const pullRequestPayload = z.looseObject({
  action: z.string(),
  number: z.number().int(),
  pull_request: z.looseObject({
    merged: z.boolean().nullish(),
    merged_by: z.looseObject({ login: z.string() }).nullish(),
    merge_commit_sha: z.string().nullish(),
    head: z.looseObject({ sha: z.string() }),
  }),
  repository,
});

const installationPayload = z.looseObject({
  action: z.string(),
  installation: z.looseObject({
    id: z.number().int(),
    account: z.looseObject({ login: z.string(), type: z.string() }),
  }),
  repositories: z.array(z.looseObject({ id })).nullish(),
  repositories_added: z.array(z.looseObject({ id })).nullish(),
});

const memberPayload = z.looseObject({
  action: z.string(),
  member: z.looseObject({ login: z.string() }),
  repository,
});

const checkRunPayload = z.looseObject({ check_run: z.looseObject({ head_sha: z.string() }), repository });
const checkSuitePayload = z.looseObject({ check_suite: z.looseObject({ head_sha: z.string() }), repository });
const statusPayload = z.looseObject({ sha: z.string(), repository });

const repositoryPayload = z.looseObject({ action: z.string(), repository });

/** An event without its delivery id, kept a union (a plain Omit would merge the variants). */
type EventBody = RepositoryEvent extends infer E ? (E extends RepositoryEvent ? Omit<E, 'delivery'> : never) : never;
type Body<T extends RepositoryEvent['type']> = Extract<EventBody, { type: T }>;

/** Each event Finishline reacts to, read from GitHub's documented field names. */
const readers: Record<string, (payload: unknown) => EventBody | null> = {
  push(payload): Body<'push'> | null {
    const parsed = pushPayload.safeParse(payload);
    if (!parsed.success) return null;
    const { ref, after, repository } = parsed.data;
    return { type: 'push', repositoryId: repository.id, ref, after, defaultBranch: repository.default_branch };
  },
  pull_request(payload): Body<'pull_request'> | null {
    const parsed = pullRequestPayload.safeParse(payload);
    if (!parsed.success) return null;
    const { action, number, pull_request: pull, repository } = parsed.data;
    return {
      type: 'pull_request',
      repositoryId: repository.id,
      action,
      number,
      merged: pull.merged === true,
      mergedBy: pull.merged_by?.login ?? null,
      mergeCommitSha: pull.merge_commit_sha ?? null,
      headSha: pull.head.sha,
    };
  },
  installation: readInstallation,
  installation_repositories: readInstallation,
  member(payload): Body<'member'> | null {
    const parsed = memberPayload.safeParse(payload);
    if (!parsed.success) return null;
    return { type: 'member', repositoryId: parsed.data.repository.id, action: parsed.data.action, login: parsed.data.member.login };
  },
  check_run(payload): Body<'checks'> | null {
    const parsed = checkRunPayload.safeParse(payload);
    return parsed.success ? { type: 'checks', repositoryId: parsed.data.repository.id, headSha: parsed.data.check_run.head_sha } : null;
  },
  check_suite(payload): Body<'checks'> | null {
    const parsed = checkSuitePayload.safeParse(payload);
    return parsed.success ? { type: 'checks', repositoryId: parsed.data.repository.id, headSha: parsed.data.check_suite.head_sha } : null;
  },
  status(payload): Body<'checks'> | null {
    const parsed = statusPayload.safeParse(payload);
    return parsed.success ? { type: 'checks', repositoryId: parsed.data.repository.id, headSha: parsed.data.sha } : null;
  },
  repository(payload): Body<'repository'> | null {
    const parsed = repositoryPayload.safeParse(payload);
    if (!parsed.success) return null;
    return { type: 'repository', repositoryId: parsed.data.repository.id, action: parsed.data.action, fullName: parsed.data.repository.full_name };
  },
};

function readInstallation(payload: unknown): Body<'installation'> | null {
  const parsed = installationPayload.safeParse(payload);
  if (!parsed.success) return null;
  const { action, installation, repositories, repositories_added: added } = parsed.data;
  return {
    type: 'installation',
    action,
    installationId: installation.id,
    accountLogin: installation.account.login,
    accountType: installation.account.type,
    // `installation` lists the repositories it covers; `installation_repositories` lists those added.
    repositoryIds: (repositories ?? added ?? []).map((repo) => repo.id),
  };
}

/**
 * The event a delivery carries. An event Finishline does not read, or a payload without the fields
 * it needs, is 'other': a delivery is acknowledged and ignored rather than refused.
 */
export function toRepositoryEvent(eventName: string, delivery: string, payload: unknown): RepositoryEvent {
  const reader = Object.hasOwn(readers, eventName) ? readers[eventName] : undefined;
  const event: EventBody = reader?.(payload) ?? { type: 'other', name: eventName };
  return { ...event, delivery };
}
