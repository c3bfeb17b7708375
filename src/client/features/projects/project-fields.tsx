import { Controller, type FieldErrors, type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { createProjectSchema } from '#shared/contracts/projects.schemas.js';
import type { Repository } from '#shared/contracts/repositories.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { RepositoryPicker } from '#client/components/repository-picker.js';
import { useConnectableRepositories, useGithubLinkHref, useRepositoryHostProvider } from '#client/features/repositories/api.js';
import { choiceOf } from '#client/lib/repository-rules.js';
import { CriteriaTextarea } from './criteria-textarea.js';
import { TechStackPicker } from './tech-stack-picker.js';

/** What the project forms hold while being filled in: the fields of Submit Project. */
export type ProjectFieldValues = Omit<z.input<typeof createProjectSchema>, 'submitterId'>;

/** The first problem with the criteria: the list's own, or the first line's. */
function criteriaError(error: FieldErrors<ProjectFieldValues>['acceptanceCriteria']): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  const lines = error as Record<number, { message?: string } | undefined>;
  for (let index = 0; index < 20; index += 1) if (lines[index]?.message) return lines[index]!.message;
  return error.root?.message;
}

/** Empty optional inputs mean "not given", not 0 or ''. */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

interface ProjectFieldsProps<Output> {
  form: UseFormReturn<ProjectFieldValues, unknown, Output>;
  /** The criteria already written, one per line in the editor (editing a project). */
  initialCriteria?: readonly string[];
  /** The project's connected repository (editing a project). */
  currentRepository?: Repository | null;
}

/**
 * The fields of a project, shared by Submit Project and the owner's Edit Project dialog (issue 18):
 * name, description, tech stack, repository link, connected repository (issue 29), budget, timeframe
 * and the acceptance criteria.
 */
export function ProjectFields<Output>({ form, initialCriteria, currentRepository }: ProjectFieldsProps<Output>) {
  const { errors } = form.formState;
  const { data: repositories } = useConnectableRepositories();
  const linkGithubHref = useGithubLinkHref();
  const hostProvider = useRepositoryHostProvider();
  const [grantRepositoryAccess, mergeAcceptsDelivery] = useWatch({ control: form.control, name: ['grantRepositoryAccess', 'mergeAcceptsDelivery'] });
  return (
    <>
      <FormField id="project-name" label="Project Name" error={errors.name?.message}>
        {(describedBy) => (
          <Input
            id="project-name"
            placeholder="e.g. Recipe sharing app"
            aria-describedby={describedBy}
            aria-invalid={errors.name ? true : undefined}
            {...form.register('name')}
          />
        )}
      </FormField>
      <FormField
        id="project-description"
        label="Description"
        error={errors.description?.message}
        hint="What works already, what is left to finish, and anything a developer should know."
      >
        {(describedBy) => (
          <Textarea
            id="project-description"
            rows={6}
            aria-describedby={describedBy}
            aria-invalid={errors.description ? true : undefined}
            {...form.register('description')}
          />
        )}
      </FormField>
      <FormField id="project-tech-stack" label="Tech Stack" error={errors.techStack?.message ?? errors.techStack?.root?.message}>
        {(describedBy) => (
          <Controller
            control={form.control}
            name="techStack"
            render={({ field }) => (
              <TechStackPicker
                id="project-tech-stack"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.techStack)}
                describedBy={describedBy}
              />
            )}
          />
        )}
      </FormField>
      <FormField id="project-code-link" label="Code Repository Link" error={errors.codeLink?.message}>
        {(describedBy) => (
          <Input
            id="project-code-link"
            type="url"
            placeholder="https://github.com/you/your-project"
            aria-describedby={describedBy}
            aria-invalid={errors.codeLink ? true : undefined}
            {...form.register('codeLink')}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="repositoryId"
        render={({ field }) => (
          <RepositoryPicker
            idPrefix="project"
            repositories={repositories}
            current={currentRepository}
            linkGithubHref={linkGithubHref}
            hostProvider={hostProvider}
            choice={choiceOf({ repositoryId: field.value, grantRepositoryAccess, mergeAcceptsDelivery })}
            onChange={(choice) => {
              field.onChange(choice.repositoryId);
              form.setValue('grantRepositoryAccess', choice.grantRepositoryAccess);
              form.setValue('mergeAcceptsDelivery', choice.mergeAcceptsDelivery);
            }}
          />
        )}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="project-budget" label="Budget ($, optional)" error={errors.budget?.message}>
          {(describedBy) => (
            <Input
              id="project-budget"
              inputMode="numeric"
              placeholder="1500"
              aria-describedby={describedBy}
              aria-invalid={errors.budget ? true : undefined}
              {...form.register('budget', { setValueAs: emptyToUndefined })}
            />
          )}
        </FormField>
        <FormField id="project-timeframe" label="Timeframe (optional)" error={errors.timeframe?.message}>
          {(describedBy) => (
            <Input
              id="project-timeframe"
              placeholder="e.g. 3 weeks"
              aria-describedby={describedBy}
              aria-invalid={errors.timeframe ? true : undefined}
              {...form.register('timeframe', { setValueAs: emptyToUndefined })}
            />
          )}
        </FormField>
      </div>
      <FormField
        id="project-criteria"
        label="Acceptance Criteria (optional)"
        hint='What "finished" means, one per line: up to 20, each 5 to 300 characters. Bids answer each one.'
        error={criteriaError(errors.acceptanceCriteria)}
      >
        {(describedBy) => (
          <Controller
            control={form.control}
            name="acceptanceCriteria"
            render={({ field }) => (
              <CriteriaTextarea
                id="project-criteria"
                describedBy={describedBy}
                invalid={Boolean(errors.acceptanceCriteria)}
                defaultValue={initialCriteria}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </FormField>
    </>
  );
}
