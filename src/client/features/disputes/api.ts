import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  type Dispute,
  type DisputeOfferBody,
  type DisputeRulingBody,
  disputeEndpoints,
  type OpenDisputeBody,
  type OperatorQueueItem,
} from '#shared/contracts/disputes.js';
import { collectionPath } from '#shared/contracts/endpoint.js';
import { call, errorMessage, isApiError } from '#client/lib/api.js';
import { useUser } from '#client/lib/auth.js';
import { invalidateProjects } from '#client/features/projects/api.js';

const endpoints = disputeEndpoints;

/** The collection path every dispute key starts with, from the contract (which has no list endpoint of its own). */
const disputesPath = collectionPath(endpoints.get);

export const disputeKeys = {
  all: [disputesPath] as const,
  detail: (id: number) => [disputesPath, id] as const,
  queueAll: [endpoints.queue.path] as const,
  queue: (status: OperatorQueueItem['status']) => [endpoints.queue.path, status] as const,
};

/** GET /api/disputes/{id}: the two parties and operators; anyone else gets FORBIDDEN, which the page shows. */
export const disputeQuery = (id: number) =>
  queryOptions({
    queryKey: disputeKeys.detail(id),
    queryFn: ({ signal }) => call(endpoints.get, { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    // A refusal or a missing dispute will not change on a retry.
    retry: (count, error) => !isApiError(error, 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED') && count < 2,
  });

/** GET /api/operator/disputes?status=…, oldest first as the server sends it (operators). */
export const operatorQueueQuery = (status: OperatorQueueItem['status'], enabled = true) =>
  queryOptions({
    queryKey: disputeKeys.queue(status),
    queryFn: ({ signal }) => call(endpoints.queue, { query: { status } }, { signal }),
    enabled,
    retry: (count, error) => !isApiError(error, 'FORBIDDEN', 'UNAUTHENTICATED') && count < 2,
  });

export const useDispute = (id: number) => useQuery(disputeQuery(id));
export const useOperatorQueue = (status: OperatorQueueItem['status'], enabled: boolean) => useQuery(operatorQueueQuery(status, enabled));

/**
 * Every dispute step answers the dispute as it now stands: shown at once, while the project (its deal
 * clock, payment and both parties' lists) and the operator's queue refresh behind it.
 */
function useDisputeStep<TVariables>(
  request: (variables: TVariables) => Promise<Dispute>,
  successText: string,
  failureText: string,
  onDispute?: (dispute: Dispute) => void,
) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: request,
    onSuccess: async (dispute) => {
      queryClient.setQueryData(disputeKeys.detail(dispute.id), dispute);
      toast.success(successText, { description: dispute.summary });
      onDispute?.(dispute);
      await refreshAround(queryClient, user?.id);
    },
    onError: async (error) => {
      toast.error(failureText, { description: errorMessage(error, 'Please try again later') });
      // A refusal (409) usually means the other side or a timer moved the dispute meanwhile: show where it stands.
      if (!isApiError(error, 'VALIDATION_FAILED')) await queryClient.invalidateQueries({ queryKey: disputeKeys.all });
    },
  });
}

const refreshAround = (queryClient: QueryClient, userId: number | undefined) =>
  Promise.all([invalidateProjects(queryClient, userId), queryClient.invalidateQueries({ queryKey: disputeKeys.queueAll })]);

/**
 * POST /api/projects/{id}/disputes (a party): the reason and what the developer should receive; then
 * to the dispute's page. From the hook, not the form: the refreshed deal replaces the form's panel
 * with the link to the dispute, and an unmounted form's mutate() callbacks never run.
 */
export function useOpenDispute(projectId: number) {
  const navigate = useNavigate();
  return useDisputeStep(
    (body: OpenDisputeBody) => call(endpoints.open, { params: { id: projectId }, body }),
    'Dispute opened',
    'Failed to open the dispute',
    (dispute) => void navigate(`/disputes/${dispute.id}`),
  );
}

/** POST /api/disputes/{id}/offers (a party). */
export const useMakeOffer = (disputeId: number) =>
  useDisputeStep((body: DisputeOfferBody) => call(endpoints.offer, { params: { id: disputeId }, body }), 'Offer sent', 'Failed to send the offer');

/** POST /api/disputes/{id}/offers/{offerId}/accept (a party): the other side's latest offer. */
export const useAcceptOffer = (disputeId: number) =>
  useDisputeStep((offerId: number) => call(endpoints.acceptOffer, { params: { id: disputeId, offerId } }), 'Offer accepted', 'Failed to accept the offer');

/** POST /api/disputes/{id}/escalate (a party): the operator decides. */
export const useEscalateDispute = (disputeId: number) =>
  useDisputeStep(() => call(endpoints.escalate, { params: { id: disputeId } }), 'Sent to the operator', 'Failed to ask the operator');

/** The evidence form's fields as multipart/form-data: the statement, and the file when one is attached. */
export function evidenceFormData(statement: string, file: File | null): FormData {
  const body = new FormData();
  body.append('statement', statement);
  if (file) body.append('file', file);
  return body;
}

/** POST /api/disputes/{id}/evidence (a party), multipart with an optional image or PDF. */
export const useAddEvidence = (disputeId: number) =>
  useDisputeStep(
    ({ statement, file }: { statement: string; file: File | null }) =>
      call(endpoints.addEvidence, { params: { id: disputeId }, body: evidenceFormData(statement, file) }),
    'Evidence added',
    'Failed to add the evidence',
  );

/** POST /api/operator/disputes/{id}/ruling (operators): the amount and the written decision. */
export const useRuleDispute = (disputeId: number) =>
  useDisputeStep((body: DisputeRulingBody) => call(endpoints.rule, { params: { id: disputeId }, body }), 'Ruling recorded', 'Failed to record the ruling');
