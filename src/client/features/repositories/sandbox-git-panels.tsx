import { Check, Copy, FolderGit2, KeyRound, LoaderCircle, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { errorMessage, isApiError } from '#client/lib/api.js';
import { gitCommands } from '#client/lib/sandbox-git-rules.js';
import { repositoryNameProblem } from '#client/lib/sandbox-repository-name.js';
import { useCreateSandboxRepository, useCreateSandboxToken } from './api.js';

/** The routes are mounted only where the sandbox is the repository host: elsewhere they answer 404. */
function failureText(error: unknown, fallback: string): string {
  return isApiError(error, 'NOT_FOUND')
    ? 'The sandbox git host is not running on this server. Connect a GitHub repository instead.'
    : errorMessage(error, fallback);
}

function ServerError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/30 bg-red-50 px-3 py-2 text-sm font-medium text-destructive">
      {failureText(error, fallback)}
    </p>
  );
}

/** Copies `text`; where the browser refuses (an insecure origin), the text stays on screen to select by hand. */
function CopyButton({ text, what }: { text: string; what: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
    } catch {
      toast.error('Could not copy', { description: 'Select the text and copy it yourself.' });
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
      {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {isCopied ? 'Copied' : 'Copy'}
      <span className="sr-only"> {what}</span>
    </Button>
  );
}

function CommandBlock({ label, text }: { label: string; text: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{label}</h3>
        <CopyButton text={text} what={`the commands: ${label}`} />
      </div>
      <pre className="overflow-x-auto rounded-md bg-muted/60 p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{text}</pre>
    </div>
  );
}

/** A new repository on the sandbox host: a name (the server's rule, checked here first) and whether it is private. */
export function CreateSandboxRepositoryCard() {
  const [name, setName] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const create = useCreateSandboxRepository();
  const created = create.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const problem = repositoryNameProblem(name);
    setNameError(problem ?? undefined);
    if (!problem) create.mutate({ name, private: isPrivate });
  };

  const commands = created ? gitCommands(created.cloneUrl) : null;
  return (
    <Card className="gap-4" role="region" aria-labelledby="sandbox-repository-heading">
      <CardHeader>
        <CardTitle id="sandbox-repository-heading" as="h2" className="flex items-center gap-2">
          <FolderGit2 aria-hidden="true" className="size-5 shrink-0" /> Create a repository
        </CardTitle>
        <CardDescription>You own it; connect it to a project from the project form.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Create a repository">
          <FormField id="sandbox-repository-name" label="Repository name" error={nameError} hint="Letters, digits, dots, dashes or underscores; up to 100.">
            {(describedBy) => (
              <Input
                id="sandbox-repository-name"
                autoComplete="off"
                spellCheck={false}
                value={name}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <label htmlFor="sandbox-repository-private" className="flex items-start gap-2 text-sm">
            <input
              id="sandbox-repository-private"
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={isPrivate}
              onChange={(event) => setIsPrivate(event.target.checked)}
            />
            <span className="min-w-0">Private: only you, and a developer with access on a deal, can read it</span>
          </label>
          <ServerError error={create.error} fallback="The repository could not be created. Please try again." />
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              Create repository
            </Button>
          </div>
        </form>
        {created && commands ? (
          <section aria-labelledby="sandbox-repository-created" className="grid min-w-0 gap-3 rounded-md border p-4">
            <h3 id="sandbox-repository-created" className="font-semibold [overflow-wrap:anywhere]">
              Repository {created.fullName} created
            </h3>
            <div className="grid min-w-0 gap-1">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium" id="sandbox-clone-url-label">
                  Clone URL
                </span>
                <CopyButton text={created.cloneUrl} what="the clone URL" />
              </div>
              <code
                aria-labelledby="sandbox-clone-url-label"
                className="rounded-md bg-muted/60 p-2 font-mono text-xs [overflow-wrap:anywhere]"
                data-testid="clone-url"
              >
                {created.cloneUrl}
              </code>
            </div>
            <CommandBlock label="Clone it" text={commands.clone} />
            <CommandBlock label="Or push an existing project" text={commands.push} />
            <p className="text-sm text-muted-foreground">When git asks, the username is your Finishline username and the password a personal token.</p>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A personal token for git over HTTP, shown once: the server keeps only its hash. */
export function CreateSandboxTokenCard() {
  const create = useCreateSandboxToken();
  const token = create.data;
  return (
    <Card className="gap-4" role="region" aria-labelledby="sandbox-token-heading">
      <CardHeader>
        <CardTitle id="sandbox-token-heading" as="h2" className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 shrink-0" /> Personal tokens
        </CardTitle>
        <CardDescription>git sends your username and a token to clone a private repository and to push.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ServerError error={create.error} fallback="The token could not be created. Please try again." />
        <div>
          <Button type="button" variant={token ? 'outline' : 'default'} disabled={create.isPending} onClick={() => create.mutate()}>
            {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {token ? 'Create another token' : 'Create a token'}
          </Button>
        </div>
        {token ? (
          <section aria-labelledby="sandbox-token-created" className="grid min-w-0 gap-3 rounded-md border border-amber-300 bg-amber-50 p-4">
            <h3 id="sandbox-token-created" className="font-semibold">
              Your new token
            </h3>
            <p className="flex items-start gap-2 text-sm font-medium text-amber-950">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Copy it now: it won’t be shown again.
            </p>
            <dl className="grid min-w-0 gap-2 text-sm">
              <div className="grid gap-1">
                <dt className="text-amber-950">Username</dt>
                <dd className="font-mono">{token.username}</dd>
              </div>
              <div className="grid min-w-0 gap-1">
                <dt className="text-amber-950">Token</dt>
                <dd className="flex min-w-0 flex-wrap items-center gap-2">
                  <code className="min-w-0 rounded-md bg-white p-2 font-mono text-xs [overflow-wrap:anywhere]" data-testid="sandbox-token">
                    {token.token}
                  </code>
                  <CopyButton text={token.token} what="the token" />
                </dd>
              </div>
            </dl>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
