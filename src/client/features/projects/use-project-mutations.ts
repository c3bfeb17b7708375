import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Project } from '#shared/contracts/projects.js';
import { useUser } from '#client/features/auth/use-user.js';
import { apiRequest, errorMessage } from '#client/lib/api.js';
import { invalidateMarketplace } from '#client/lib/query-keys.js';

/** The fields of projectData, the JSON text part of the multipart POST /api/projects (spec section 7). */
export interface NewProjectData {
  name: string;
  description: string;
  techStack: string[];
  codeLink: string;
  submitterId: number;
  budget?: number | null;
  timeframe?: string | null;
}

export function projectFormData(projectData: NewProjectData, image?: File | null): FormData {
  const body = new FormData();
  body.append('projectData', JSON.stringify(projectData));
  if (image) body.append('image', image);
  return body;
}

/** Submit Project and the creator dashboard word their toasts differently (spec section 8). */
const createProjectToasts = {
  submitPage: {
    success: () => toast.success('Project submitted successfully', { description: 'Your project is now visible to potential finishers' }),
  },
  dashboard: { success: () => toast.success('Project submitted') },
};

/** POST /api/projects (multipart). Toasts live in the hook so they fire even if the form is gone by then. */
export function useCreateProject(variant: keyof typeof createProjectToasts) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: ({ projectData, image }: { projectData: NewProjectData; image?: File | null }) =>
      apiRequest<Project>('POST', '/api/projects', projectFormData(projectData, image)),
    onSuccess: async () => {
      createProjectToasts[variant].success();
      await invalidateMarketplace(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to submit project', { description: errorMessage(error, 'Please try again later') }),
  });
}

export type StatusChange = 'paused' | 'active' | 'cancelled';

const statusToast: Record<StatusChange, string> = {
  paused: 'Project paused',
  active: 'Project reactivated',
  cancelled: 'Project cancelled',
};

export function useUpdateProjectStatus(projectId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (status: StatusChange) => apiRequest<Project>('PATCH', `/api/projects/${projectId}/status`, { status }),
    onSuccess: async (_project, status) => {
      toast.success(statusToast[status]);
      await invalidateMarketplace(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to update project status', { description: errorMessage(error, 'Please try again later') }),
  });
}

/** The assigned finisher delivers the work with a message (spec section 4). */
export function useCompleteProject(projectId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (deliveryMessage: string) => apiRequest<Project>('POST', `/api/projects/${projectId}/complete`, { deliveryMessage }),
    onSuccess: async () => {
      toast.success('Project marked as completed', { description: 'The client will now review your work.' });
      await invalidateMarketplace(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to complete project', { description: errorMessage(error, 'Please try again later') }),
  });
}

/** The owner accepts the delivered work, or sends it back for a revision. */
export function useReviewWork(projectId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (accepted: boolean) => apiRequest<Project>('POST', `/api/projects/${projectId}/accept`, { accepted }),
    onSuccess: async (_project, accepted) => {
      toast.success(accepted ? 'Project accepted' : 'Revision requested');
      await invalidateMarketplace(queryClient, user?.id);
    },
    onError: (error) => toast.error('Failed to process project completion', { description: errorMessage(error, 'Please try again later') }),
  });
}
