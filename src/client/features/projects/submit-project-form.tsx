import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { createProjectSchema } from '#shared/contracts/projects.schemas.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { useUser } from '#client/lib/auth.js';
import { ScreenshotInput } from './screenshot-input.js';
import { CriteriaTextarea } from './criteria-textarea.js';
import { TechStackPicker } from './tech-stack-picker.js';
import { useCreateProject } from '#client/features/projects/api.js';

type FormInput = z.input<typeof createProjectSchema>;
type FormOutput = z.output<typeof createProjectSchema>;

/** The first problem with the criteria: the list's own, or the first line's. */
function criteriaError(error: { message?: string; [index: number]: { message?: string } | undefined } | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (let index = 0; index < 20; index += 1) if (error[index]?.message) return error[index]!.message;
  return undefined;
}

/** Empty optional inputs mean "not given", not 0 or ''. */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function SubmitProjectForm() {
  const navigate = useNavigate();
  const { user } = useUser();
  const createProject = useCreateProject('submitPage');
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createProjectSchema),
    defaultValues: { name: '', description: '', techStack: [], codeLink: '', budget: undefined, timeframe: undefined },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    if (imageError) return;
    if (!user) {
      toast.error('Authentication required', { description: 'Please log in to submit a project' });
      return;
    }
    const projectData = {
      name: values.name,
      description: values.description,
      techStack: values.techStack,
      codeLink: values.codeLink,
      submitterId: user.id,
      budget: values.budget ?? null,
      timeframe: values.timeframe || null,
      acceptanceCriteria: values.acceptanceCriteria ?? [],
    };
    createProject.mutate({ projectData, image }, { onSuccess: () => void navigate('/my-projects') });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Submit Project">
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
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </FormField>
      <ScreenshotInput
        error={imageError ?? undefined}
        onChange={(file, problem) => {
          setImage(problem ? null : file);
          setImageError(problem);
        }}
      />
      <SubmitButton size="lg" className="w-full sm:w-fit" isPending={createProject.isPending} pendingText="Submitting...">
        Submit Project
      </SubmitButton>
    </form>
  );
}
