import { FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { CreateSandboxRepositoryCard, CreateSandboxTokenCard } from '#client/features/repositories/sandbox-git-panels.js';

/**
 * /sandbox/git: the built-in git host's repositories and personal tokens (decision 054), for a
 * Finishline without a GitHub App. Whether the host runs is the server's answer: its routes are
 * mounted only then, and the panels say so when they answer 404.
 */
export default function SandboxGitPage() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-12 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Sandbox git host</h1>
        <p className="mt-2 text-muted-foreground">
          Repositories on this Finishline server, which git clones and pushes over HTTP. Connect one to a project, and the developer gets push access once the
          deal is paid.
        </p>
        <p role="note" className="mt-3 flex items-start gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Test mode: for trying deals that know the code without a GitHub account.
        </p>
      </div>
      <CreateSandboxRepositoryCard />
      <CreateSandboxTokenCard />
      <p className="text-sm text-muted-foreground">
        Next:{' '}
        <Link to="/submit-project" className="font-medium text-primary underline-offset-4 hover:underline">
          submit a project
        </Link>{' '}
        and choose the repository under Connected repository.
      </p>
    </div>
  );
}
