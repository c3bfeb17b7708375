import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { createProjectSchema } from '#shared/contracts/projects.schemas.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { useUser } from '#client/lib/auth.js';
import { ScreenshotInput } from './screenshot-input.js';
import { ProjectFields, type ProjectFieldValues } from './project-fields.js';
import { useCreateProject } from '#client/features/projects/api.js';
import { choiceOf, repositoryFieldsOf } from '#client/lib/repository-rules.js';

type FormOutput = z.output<typeof createProjectSchema>;

export function SubmitProjectForm() {
  const navigate = useNavigate();
  const { user } = useUser();
  const createProject = useCreateProject('submitPage');
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<ProjectFieldValues, unknown, FormOutput>({
    resolver: zodResolver(createProjectSchema),
    defaultValues: { name: '', description: '', techStack: [], codeLink: '', budget: undefined, timeframe: undefined, repositoryId: null },
  });

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
      // Inside projectData, the multipart body's JSON part, like every other field.
      ...repositoryFieldsOf(choiceOf(values)),
    };
    createProject.mutate({ projectData, image }, { onSuccess: () => void navigate('/my-projects') });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Submit Project">
      <ProjectFields form={form} />
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
