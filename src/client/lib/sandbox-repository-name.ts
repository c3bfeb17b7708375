import { sandboxRepositoryNameSchema } from '#shared/contracts/sandbox-git.schemas.js';

/** The server's own name rule (sandbox-git.schemas.ts): its first sentence, or null for a good name. */
export function repositoryNameProblem(name: string): string | null {
  if (name === '') return 'Enter a repository name';
  const parsed = sandboxRepositoryNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'This repository name is not allowed');
}
