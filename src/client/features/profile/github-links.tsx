import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { updateProfileSchema } from '#shared/contracts/profile.schemas.js';
import { Button } from '#client/components/ui/button.js';
import { FieldError } from '#client/components/ui/field-error.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';

/** The same link rule the server applies to githubUrl. */
const isValidLink = (link: string) => updateProfileSchema.shape.githubUrl.safeParse(link).success;

interface GithubLinksProps {
  links: readonly string[];
  onChange: (next: string[]) => void;
}

/** GitHub project links: one is added only if non-empty after trimming (spec section 5). */
export function GithubLinks({ links, onChange }: GithubLinksProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const link = draft.trim();
    if (!link) return;
    if (!isValidLink(link)) {
      setError('Please enter a valid URL');
      return;
    }
    if (!links.includes(link)) onChange([...links, link]);
    setDraft('');
    setError(null);
  };

  return (
    <section aria-labelledby="github-links-heading" className="grid gap-3">
      <div>
        <h3 id="github-links-heading" className="text-sm font-semibold">
          GitHub Projects
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">The first link is shown as your GitHub profile.</p>
      </div>
      {links.length > 0 ? (
        <ul className="grid gap-2">
          {links.map((link) => (
            <li key={link} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
              <a href={link} target="_blank" rel="noopener noreferrer" className="truncate text-primary underline-offset-4 hover:underline">
                {link}
              </a>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${link}`}
                onClick={() => onChange(links.filter((entry) => entry !== link))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="github-link-input">GitHub project link</Label>
        <div className="flex gap-2">
          <Input
            id="github-link-input"
            type="url"
            placeholder="https://github.com/you/project"
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'github-link-input-error' : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button type="button" variant="outline" onClick={add}>
            <Plus aria-hidden="true" /> Add
          </Button>
        </div>
        <FieldError id="github-link-input-error" message={error ?? undefined} />
      </div>
    </section>
  );
}
