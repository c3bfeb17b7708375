import { z } from 'zod';
import { checkStates } from '#shared/domain/repository-access.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Letters, digits, dots, dashes and underscores; not `.` or `..`, and no `.git` at the end (the URL adds it). */
export const sandboxRepositoryNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]{1,100}$/, 'A repository name has 1 to 100 letters, digits, dots, dashes or underscores')
  .refine((name) => name !== '.' && name !== '..', 'A repository name cannot be . or ..')
  .refine((name) => !name.toLowerCase().endsWith('.git'), 'A repository name does not end in .git');

export const createSandboxRepositoryBodySchema = z.strictObject({
  name: sandboxRepositoryNameSchema,
  private: z.boolean().optional(),
});
export const sandboxRepositorySchema = z.object({ id: z.number().int(), fullName: z.string(), cloneUrl: z.string() });

export const sandboxGitTokenSchema = z.object({ username: z.string(), token: z.string() });

export const sandboxRepositoryParamsSchema = z.object({ id });
export const sandboxPullParamsSchema = z.object({ id, number: id });

const branch = z.string().min(1).max(200);
export const createSandboxPullBodySchema = z.strictObject({ head: branch, base: branch, title: z.string().trim().min(1).max(300) });
export const sandboxPullNumberSchema = z.object({ number: z.number().int() });

export const sandboxMergeSchema = z.object({ number: z.number().int(), state: z.literal('merged'), mergeCommitSha: z.string() });

export const setSandboxCheckBodySchema = z.strictObject({ name: z.string().trim().min(1).max(100), state: z.enum(checkStates) });
export const sandboxCheckSchema = z.object({ name: z.string(), state: z.enum(checkStates) });

export type CreateSandboxRepositoryBody = z.infer<typeof createSandboxRepositoryBodySchema>;
export type CreateSandboxPullBody = z.infer<typeof createSandboxPullBodySchema>;
export type SetSandboxCheckBody = z.infer<typeof setSandboxCheckBodySchema>;
