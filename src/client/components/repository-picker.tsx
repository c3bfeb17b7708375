import { Link } from 'react-router';
import type { Repository } from '#shared/contracts/repositories.js';
import { Label } from '#client/components/ui/label.js';
import { OptionsSelect } from '#client/components/ui/select.js';
import { NO_REPOSITORY, providerLabels, type RepositoryChoice, repositoryIdOf } from '#client/lib/repository-rules.js';
import { offersSandboxRepositories, SANDBOX_GIT_PATH } from '#client/lib/sandbox-git-rules.js';

interface RepositoryPickerProps {
  /** Prefix of the control ids, unique on the page ("project", "new-project"). */
  idPrefix: string;
  /** GET /api/repositories, which the form around asks for (repositories/api.ts); undefined while it loads. */
  repositories: readonly Repository[] | undefined;
  choice: RepositoryChoice;
  onChange: (choice: RepositoryChoice) => void;
  /** The project's connected repository (editing), listed even when the host no longer offers it. */
  current?: Repository | null;
  /** "Link GitHub" (the server's GitHub sign-in) when the host is GitHub and the owner has not linked; null otherwise. */
  linkGithubHref?: string | null;
  /** The server's repository host (GET /api/repositories/host); null while unknown. */
  hostProvider?: Repository['provider'] | null;
}

const optionText = (repository: Repository) => `${repository.fullName} (${providerLabels[repository.provider]}${repository.private ? ', private' : ''})`;

/**
 * The owner connects one of their repositories to the project (issue 29): push access for the
 * developer once paid, and whether merging the delivered pull request accepts it. Beside the code
 * link, which stays what everyone else reads.
 */
export function RepositoryPicker({
  idPrefix,
  repositories: offered,
  choice,
  onChange,
  current,
  linkGithubHref = null,
  hostProvider = null,
}: RepositoryPickerProps) {
  const isPending = offered === undefined;
  const listed = offered ?? [];
  const repositories = current && !listed.some((repository) => repository.id === current.id) ? [current, ...listed] : listed;
  const selectId = `${idPrefix}-repository`;
  const hintId = `${selectId}-hint`;
  const isEmpty = !isPending && repositories.length === 0;
  const value = choice.repositoryId === null ? NO_REPOSITORY : String(choice.repositoryId);
  // Listed only while the select is open (OptionsSelect); the trigger names the choice from the first render.
  const options = [
    { value: NO_REPOSITORY, label: 'No repository' },
    ...repositories.map((repository) => ({ value: String(repository.id), label: optionText(repository) })),
  ];

  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={selectId}>Connected repository (optional)</Label>
      <OptionsSelect
        id={selectId}
        aria-describedby={hintId}
        className="min-w-0 [&>span]:truncate"
        value={value}
        onValueChange={(next) => onChange({ ...choice, repositoryId: repositoryIdOf(next) })}
        disabled={isEmpty}
        options={options}
        itemClassName="whitespace-normal [overflow-wrap:anywhere]"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {isEmpty
          ? 'No repositories to connect yet. The code link is enough to post the project.'
          : 'Finishline reads the default branch and shows developers a report of the code.'}
      </p>
      {linkGithubHref ? (
        <p className="text-sm">
          {/* A plain link: the sign-in is a navigation to GitHub and back, not a fetch. */}
          <a href={linkGithubHref} className="font-medium text-primary underline underline-offset-4" data-testid="link-github">
            Link GitHub
          </a>{' '}
          <span className="text-muted-foreground">to connect a repository you administer there.</span>
        </p>
      ) : null}
      {linkGithubHref === null && offersSandboxRepositories(offered, hostProvider) ? (
        <p className="text-xs">
          <Link to={SANDBOX_GIT_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
            Create a sandbox repository
          </Link>
        </p>
      ) : null}
      {choice.repositoryId !== null ? (
        <fieldset className="grid min-w-0 gap-2">
          <legend className="sr-only">Repository choices</legend>
          <Choice
            id={`${selectId}-grant-access`}
            checked={choice.grantRepositoryAccess}
            onChange={(checked) => onChange({ ...choice, grantRepositoryAccess: checked })}
            label="Give the developer push access once the deal is paid"
          />
          <Choice
            id={`${selectId}-merge-accepts`}
            checked={choice.mergeAcceptsDelivery}
            onChange={(checked) => onChange({ ...choice, mergeAcceptsDelivery: checked })}
            label="Merging the delivered pull request accepts the delivery"
          />
        </fieldset>
      ) : null}
    </div>
  );
}

function Choice({ id, checked, onChange, label }: { id: string; checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <label htmlFor={id} className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
    </label>
  );
}
