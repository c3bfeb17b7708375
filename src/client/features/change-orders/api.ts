import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { changeOrderEndpoints, type ProposeChangeOrderBody } from '#shared/contracts/change-orders.js';
import { call, errorMessage } from '#client/lib/api.js';
import { projectKeys } from '#client/features/projects/api.js';

const endpoints = changeOrderEndpoints;

/**
 * The change orders are read with the deal (GET /api/projects/{id}/deal), under the project's key: so
 * every step here, every deal step and every live 'change_order' notification about the project
 * refreshes them with the deal's clock (which gains the extra days) and the payment.
 * projectKeys comes from projects/api, as the milestones' and bids' do: the lazy propose form then
 * reaches the same query modules as the other lazy forms, and the bundler keeps them in the first
 * load's one chunk. Spelling the key from the contract split that chunk and cost the home page 0.7 kB.
 */
const refreshProject = (queryClient: QueryClient, projectId: number) => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });

/** POST /api/projects/{id}/change-orders. The form shows a refusal itself, under its field or above its buttons. */
export function useProposeChangeOrder(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposeChangeOrderBody) => call(endpoints.propose, { params: { id: projectId }, body }),
    onSuccess: async () => {
      toast.success('Change order proposed', { description: 'The other party is told and can accept or decline it.' });
      await refreshProject(queryClient, projectId);
    },
  });
}

const decisions = {
  accept: { endpoint: endpoints.accept, success: 'Change order accepted', failure: 'Failed to accept the change order' },
  decline: { endpoint: endpoints.decline, success: 'Change order declined', failure: 'Failed to decline the change order' },
  withdraw: { endpoint: endpoints.withdraw, success: 'Change order withdrawn', failure: 'Failed to withdraw the change order' },
} as const;

/**
 * Accept, decline or withdraw a proposed change order. Toasts live here: the step removes the buttons
 * that started it. A refusal (409: the other party withdrew it meanwhile) refreshes the list to show where it stands.
 */
export function useDecideChangeOrder(projectId: number, decision: keyof typeof decisions) {
  const queryClient = useQueryClient();
  const { endpoint, success, failure } = decisions[decision];
  return useMutation({
    mutationFn: (changeOrderId: number) => call(endpoint, { params: { changeOrderId } }),
    onSuccess: async () => {
      toast.success(success);
      await refreshProject(queryClient, projectId);
    },
    onError: async (error) => {
      toast.error(failure, { description: errorMessage(error, 'Please try again later') });
      await refreshProject(queryClient, projectId);
    },
  });
}

/**
 * 'Pay': the owner goes to the hosted checkout for an accepted change order's amount, as for a bid
 * (payments' useCheckoutLauncher). After success the page is being left: callers keep the button
 * disabled while isPending or isSuccess, so a second click opens nothing.
 */
export function usePayChangeOrder() {
  return useMutation({
    mutationFn: (changeOrderId: number) => call(endpoints.pay, { params: { changeOrderId }, body: {} }),
    onMutate: () => {
      toast('Redirecting to Checkout');
    },
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    onError: (error) => toast.error('Error setting up payment', { description: errorMessage(error, 'Please try again later') }),
  });
}
