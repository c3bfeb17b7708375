import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type ProjectDetail, projectEndpoints, type UpdateProjectInput } from '#shared/contracts/projects.js';
import { updateProjectSchema } from '#shared/contracts/projects.schemas.js';
import { DialogFooter } from '#client/components/ui/dialog.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { call } from '#client/lib/api.js';
import { showServerError } from '#client/lib/form-rules.js';
import { useUser } from '#client/lib/auth.js';
import { choiceOf, repositoryFieldsOf } from '#client/lib/repository-rules.js';
import { invalidateProjects, projectKeys } from './api.js';
import { projectFieldOf } from './project-field-of.js';
import { ProjectFields, type ProjectFieldValues } from './project-fields.js';

/**
 * PATCH /api/projects/{id} (issue 18). Here rather than in api.ts, which the home page loads: the
 * edit form is its own chunk, fetched when the owner opens the dialog (decision 018).
 */
function useUpdateProject(projectId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (body: UpdateProjectInput) => call(projectEndpoints.update, { params: { id: projectId }, body }),
    onSuccess: async (project) => {
      toast.success('Project updated');
      queryClient.setQueryData(projectKeys.detail(projectId), project);
      await invalidateProjects(queryClient, user?.id);
    },
  });
}

const defaultsOf = (project: ProjectDetail): ProjectFieldValues => ({
  name: project.name,
  description: project.description,
  techStack: project.techStack,
  codeLink: project.codeLink,
  budget: project.budget ?? undefined,
  timeframe: project.timeframe ?? undefined,
  acceptanceCriteria: project.acceptanceCriteria.map((criterion) => criterion.text),
  repositoryId: project.repository?.id ?? null,
  grantRepositoryAccess: project.grantRepositoryAccess,
  mergeAcceptsDelivery: project.mergeAcceptsDelivery,
});

/** The owner's Edit Project form: Submit Project's fields, checked by the PATCH contract's schema; its own chunk. */
export function EditProjectForm({ project, onDone }: { project: ProjectDetail; onDone: () => void }) {
  const updateProject = useUpdateProject(project.id);
  const form = useForm<ProjectFieldValues, unknown, UpdateProjectInput>({
    // The PATCH schema takes any subset of the fields; this form always holds them all.
    resolver: zodResolver(updateProjectSchema) as Resolver<ProjectFieldValues, unknown, UpdateProjectInput>,
    defaultValues: defaultsOf(project),
  });
  const serverError = form.formState.errors.root?.server?.message;

  const onSubmit = form.handleSubmit((values) => {
    if (updateProject.isPending) return;
    // Every field is sent: an emptied budget or timeframe clears it, and the criteria list replaces the project's.
    const body: UpdateProjectInput = {
      name: values.name,
      description: values.description,
      techStack: values.techStack,
      codeLink: values.codeLink,
      budget: values.budget ?? null,
      timeframe: values.timeframe || null,
      acceptanceCriteria: values.acceptanceCriteria ?? [],
      // "No repository" sends null, which disconnects the one connected.
      ...repositoryFieldsOf(choiceOf(values)),
    };
    updateProject.mutate(body, {
      onSuccess: onDone,
      onError: (error) => showServerError(form.setError, error, projectFieldOf),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Edit Project">
      <ProjectFields form={form} initialCriteria={defaultsOf(project).acceptanceCriteria} currentRepository={project.repository} />
      {serverError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {serverError}
        </p>
      ) : null}
      <DialogFooter>
        <SubmitButton isPending={updateProject.isPending} pendingText="Saving...">
          Save Changes
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
