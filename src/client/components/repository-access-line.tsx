import { KeyRound } from 'lucide-react';
import type { RepositoryAccess } from '#shared/contracts/repositories.js';
import { LocalTime } from '#client/components/local-time.js';
import { repositoryAccessText } from '#client/lib/repository-rules.js';

/**
 * The developer's push access to the connected repository, as the deal answer gives it; nothing while
 * there is none, unless access waits for the finisher to link GitHub (`linkGithubHref`).
 */
export function RepositoryAccessLine({
  access,
  viewer,
  linkGithubHref = null,
}: {
  access: RepositoryAccess;
  viewer: 'owner' | 'finisher';
  linkGithubHref?: string | null;
}) {
  const text = repositoryAccessText(access, viewer);
  if (!text && linkGithubHref && access.status === 'none') {
    return (
      <p className="flex min-w-0 items-start gap-2 text-sm" data-testid="repository-access">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          Push access: waiting for your GitHub account.{' '}
          <a href={linkGithubHref} className="font-medium text-primary underline underline-offset-4" data-testid="link-github">
            Link GitHub
          </a>
        </span>
      </p>
    );
  }
  if (!text) return null;
  return (
    <p className="flex min-w-0 items-start gap-2 text-sm" data-testid="repository-access">
      <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {text}
        {access.at ? (
          <span className="text-muted-foreground">
            {' '}
            (<LocalTime value={access.at} />)
          </span>
        ) : null}
      </span>
    </p>
  );
}
