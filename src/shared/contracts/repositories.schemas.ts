import { z } from 'zod';
import { checkStates, pullRequestStates, repositoryAccessStatuses } from '#shared/domain/repository-access.js';
import { repositoryProviders, repositoryReportStatuses } from '#shared/domain/repository-report.js';

/** A repository as a person connects it, and as a project answer names it (issue 29). */
export const repositorySchema = z.object({
  id: z.number().int(),
  provider: z.enum(repositoryProviders),
  fullName: z.string(),
  url: z.string(),
  private: z.boolean(),
});
export type Repository = z.infer<typeof repositorySchema>;

/** The card's summary of the latest intake report; null on a project without a connected repository. */
export const repositorySummarySchema = z.object({
  status: z.enum(repositoryReportStatuses),
  /** The three largest languages by lines. */
  languages: z.array(z.string()),
  linesOfCode: z.number().int(),
  testFiles: z.number().int(),
});
export type RepositorySummary = z.infer<typeof repositorySummarySchema>;

/** GET /api/projects/{id}/repository-report: what the intake read on the default branch, and of which commit. */
export const repositoryReportSchema = z.object({
  status: z.enum(repositoryReportStatuses),
  /** The commit it describes; null while pending, or when it failed before reading one. */
  commit: z.string().nullable(),
  languages: z.array(z.object({ name: z.string(), lines: z.number().int(), share: z.number() })),
  linesOfCode: z.number().int(),
  files: z.number().int(),
  testFiles: z.number().int(),
  testFrameworks: z.array(z.string()),
  ci: z.array(z.string()),
  manifests: z.array(z.object({ path: z.string(), dependencies: z.number().int(), lockfile: z.boolean() })),
  readme: z.boolean(),
  license: z.boolean(),
  todoPerKloc: z.number(),
  lastCommitAt: z.string().nullable(),
  commits: z.number().int(),
  contributors: z.number().int(),
  /** What the report left out or could not read, and for a failed report why, in sentences. */
  problems: z.array(z.string()),
  /** When the report was written; null while pending. */
  finishedAt: z.string().nullable(),
  repository: repositorySchema,
});
export type RepositoryReport = z.infer<typeof repositoryReportSchema>;

export const refreshReportResponseSchema = z.object({ status: z.literal('pending') });

/** The deal's push access for its finisher (status none also when no repository is connected). */
export const repositoryAccessSchema = z.object({
  status: z.enum(repositoryAccessStatuses),
  /** When it last changed; null while none. */
  at: z.string().nullable(),
});
export type RepositoryAccess = z.infer<typeof repositoryAccessSchema>;

/** The pull request the finisher delivered with, as last read from its host. */
export const dealPullRequestSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  state: z.enum(pullRequestStates),
  headSha: z.string(),
  commits: z.number().int(),
  additions: z.number().int(),
  deletions: z.number().int(),
  changedFiles: z.number().int(),
  checks: z.array(z.object({ name: z.string(), state: z.enum(checkStates) })),
  url: z.string(),
  /** The first 100 files changed: the diff summary a dispute's record carries. */
  files: z.array(z.object({ path: z.string(), additions: z.number().int(), deletions: z.number().int(), status: z.string() })),
  mergedAt: z.string().nullable(),
  /** True when merging it accepted the delivery. */
  acceptedByMerge: z.boolean(),
});
export type DealPullRequest = z.infer<typeof dealPullRequestSchema>;

export const githubWebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/**
 * Where the GitHub sign-in sends the person back to: a path on this site ('/projects/7'), never
 * another origin ('//evil.example', '/\evil.example' and 'https:…' are refused).
 */
export const returnToSchema = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\\\s]*$/, 'must be a path on this site, starting with a single /');

export const githubAuthorizeQuerySchema = z.object({ returnTo: returnToSchema.optional() });

/** What GitHub appends to the callback: the code and our state, or an error when the person declined. */
export const githubCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

/** A redirect answers no body; the Location header says where. */
export const redirectResponseSchema = z.null();

/** GET /api/repositories/host: which host this server uses, and the signed-in person's linked GitHub login. */
export const repositoryHostSchema = z.object({
  provider: z.enum(repositoryProviders),
  /** The linked GitHub account's login; null when none is linked (always null on the sandbox host). */
  githubLogin: z.string().nullable(),
});
export type RepositoryHostView = z.infer<typeof repositoryHostSchema>;
