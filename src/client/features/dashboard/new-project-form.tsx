import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { codeLinkProblem } from '#shared/domain/code-link.js';
import { uniqueTechnologies } from '#shared/domain/limits.js';
import { criteriaFromLines } from '#shared/domain/scope.js';
import { Button } from '#client/components/ui/button.js';
import { FieldError } from '#client/components/ui/field-error.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { useCreateProject } from '#client/features/projects/api.js';
import { RepositoryPicker } from '#client/components/repository-picker.js';
import { useConnectableRepositories, useGithubLinkHref, useRepositoryHostProvider } from '#client/features/repositories/api.js';
import { noRepositoryChoice, repositoryFieldsOf } from '#client/lib/repository-rules.js';
import { DashboardSection } from './dashboard-section.js';

const empty = { name: '', description: '', technologies: '', budget: '', timeframe: '', codeLink: '', criteria: '' };

/** 'React, Node.js , ,react' -> ['React', 'Node.js'] */
export const parseTechnologies = (text: string): string[] => uniqueTechnologies(text.split(','));

/**
 * The owner dashboard's quick project form: every field but the criteria required, budget digits
 * only. The repository link follows the same rule as /submit and the server (issue 28, item 15):
 * no generic default, and no site's home page.
 */
export function NewProjectForm({ ownerId }: { ownerId: number }) {
  const [fields, setFields] = useState(empty);
  const [codeLinkError, setCodeLinkError] = useState<string | undefined>();
  const [repository, setRepository] = useState(noRepositoryChoice);
  const { data: repositories } = useConnectableRepositories();
  const linkGithubHref = useGithubLinkHref();
  const hostProvider = useRepositoryHostProvider();
  const createProject = useCreateProject('dashboard');
  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: name === 'budget' ? event.target.value.replace(/\D/g, '') : event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const techStack = parseTechnologies(fields.technologies);
    const name = fields.name.trim();
    const description = fields.description.trim();
    const timeframe = fields.timeframe.trim();
    const codeLink = fields.codeLink.trim();
    if (!name || !description || techStack.length === 0 || !fields.budget || !timeframe || !codeLink) {
      toast.error('Missing information', { description: 'Please fill in all required fields' });
      return;
    }
    const linkProblem = codeLinkProblem(codeLink);
    setCodeLinkError(linkProblem ?? undefined);
    if (linkProblem) return;
    const projectData = {
      name,
      description,
      techStack,
      codeLink,
      budget: Number(fields.budget),
      timeframe,
      submitterId: ownerId,
      acceptanceCriteria: criteriaFromLines(fields.criteria),
      ...repositoryFieldsOf(repository),
    };
    createProject.mutate(
      { projectData },
      {
        onSuccess: () => {
          setFields(empty);
          setRepository(noRepositoryChoice);
        },
      },
    );
  };

  return (
    <DashboardSection id="new-project" title="Post a New Project" description="Describe what is left to finish; developers will bid on it.">
      <form noValidate onSubmit={submit} aria-label="New project" className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="new-project-name">Project name</Label>
          <Input id="new-project-name" value={fields.name} onChange={set('name')} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="new-project-description">Description</Label>
          <Textarea id="new-project-description" rows={4} value={fields.description} onChange={set('description')} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="new-project-technologies">Technologies</Label>
          <Input
            id="new-project-technologies"
            placeholder="React, Node.js, PostgreSQL"
            aria-describedby="new-project-technologies-hint"
            value={fields.technologies}
            onChange={set('technologies')}
          />
          <p id="new-project-technologies-hint" className="text-xs text-muted-foreground">
            Separate technologies with commas.
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="new-project-budget">Budget ($)</Label>
            <Input id="new-project-budget" inputMode="numeric" placeholder="1500" value={fields.budget} onChange={set('budget')} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="new-project-timeframe">Timeframe</Label>
            <Input id="new-project-timeframe" placeholder="2 weeks" value={fields.timeframe} onChange={set('timeframe')} />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="new-project-code-link">Repository URL</Label>
          <Input
            id="new-project-code-link"
            type="url"
            placeholder="https://github.com/you/your-project"
            aria-invalid={codeLinkError ? true : undefined}
            aria-describedby={codeLinkError ? 'new-project-code-link-error' : undefined}
            value={fields.codeLink}
            onChange={set('codeLink')}
          />
          <FieldError id="new-project-code-link-error" message={codeLinkError} />
        </div>
        <RepositoryPicker
          idPrefix="new-project"
          repositories={repositories}
          choice={repository}
          onChange={setRepository}
          linkGithubHref={linkGithubHref}
          hostProvider={hostProvider}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="new-project-criteria">Acceptance criteria (optional)</Label>
          <Textarea
            id="new-project-criteria"
            rows={3}
            aria-describedby="new-project-criteria-hint"
            placeholder="Checkout works with a test card"
            value={fields.criteria}
            onChange={set('criteria')}
          />
          <p id="new-project-criteria-hint" className="text-xs text-muted-foreground">
            What "finished" means, one per line (up to 20, each 5 to 300 characters).
          </p>
        </div>
        <Button type="submit" className="w-fit" disabled={createProject.isPending}>
          {createProject.isPending ? 'Submitting...' : 'Post Project'}
        </Button>
      </form>
    </DashboardSection>
  );
}
