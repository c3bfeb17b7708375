import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { invitationEndpoints } from '#shared/contracts/invitations.js';
import { call } from '#client/lib/api.js';
import { projectKeys } from '#client/features/projects/api.js';

const endpoints = invitationEndpoints;

/** Under the project's key and the person's projects key, so a project's live change refreshes both (decision 043). */
export const invitationKeys = {
  ofProject: (projectId: number) => [...projectKeys.detail(projectId), 'invitations'] as const,
  ofUser: (userId: number) => [...projectKeys.ofUser(userId), 'invitations'] as const,
};

/** The owner's project page: whom they invited and who has bid since. */
export const useProjectInvitations = (projectId: number, enabled: boolean) =>
  useQuery({
    queryKey: invitationKeys.ofProject(projectId),
    queryFn: ({ signal }) => call(endpoints.ofProject, { params: { id: projectId } }, { signal }),
    enabled,
  });

/** A developer's dashboard: the invitations they received. */
export const useUserInvitations = (userId: number | undefined) =>
  useQuery({
    queryKey: invitationKeys.ofUser(userId ?? 0),
    queryFn: ({ signal }) => call(endpoints.ofUser, { params: { id: userId! } }, { signal }),
    enabled: Boolean(userId),
  });

/** POST /api/projects/{id}/invitations. A refusal is the caller's to show beside the control (it reads the server's message). */
export function useInviteToBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, developerId }: { projectId: number; developerId: number }) =>
      call(endpoints.create, { params: { id: projectId }, body: { developerId } }),
    onSuccess: async (invitation) => {
      toast.success('Invitation sent', { description: `${invitation.developer.username} was invited to bid on "${invitation.project.name}".` });
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(invitation.project.id) });
    },
  });
}
