import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type CreateReviewBody, type Review, reviewEndpoints } from '#shared/contracts/reviews.js';
import { call, errorMessage } from '#client/lib/api.js';
import { finisherKeys } from '#client/features/finishers/api.js';
import { projectKeys } from '#client/features/projects/api.js';

const endpoints = reviewEndpoints;

export const reviewKeys = {
  /** Under the project's key, so the marketplace-wide invalidation refreshes it too. */
  ofProject: (projectId: number) => [...projectKeys.detail(projectId), 'reviews'] as const,
  ofFinisher: (username: string) => [...finisherKeys.profile(username), 'reviews'] as const,
};

export const projectReviewsQuery = (projectId: number, enabled = true) =>
  queryOptions({
    queryKey: reviewKeys.ofProject(projectId),
    queryFn: ({ signal }) => call(endpoints.ofProject, { params: { id: projectId } }, { signal }),
    enabled,
  });

/** The reviews a finisher received, for the public profile. */
export const finisherReviewsQuery = (username: string, enabled = true) =>
  queryOptions({
    queryKey: reviewKeys.ofFinisher(username),
    queryFn: ({ signal }) => call(endpoints.ofDeveloper, { params: { username } }, { signal }),
    enabled: enabled && username.length > 0,
  });

export const useProjectReviews = (projectId: number, enabled = true) => useQuery(projectReviewsQuery(projectId, enabled));
export const useFinisherReviews = (username: string, enabled = true) => useQuery(finisherReviewsQuery(username, enabled));

/** Changes the viewer's own review while it is hidden (double-blind reviews, decision 059). */
export function useUpdateReview(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CreateReviewBody }) => call(endpoints.update, { params: { id }, body }),
    onSuccess: (review) => {
      queryClient.setQueryData<Review[]>(reviewKeys.ofProject(projectId), (reviews) => (reviews ?? []).map((r) => (r.id === review.id ? review : r)));
      toast.success('Review updated');
      void queryClient.invalidateQueries({ queryKey: reviewKeys.ofProject(projectId) });
    },
    onError: (error) => toast.error('Failed to update review', { description: errorMessage(error, 'Please try again later') }),
  });
}

export function useSubmitReview(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => call(endpoints.create, { params: { id: projectId }, body }),
    onSuccess: (review) => {
      // Shown at once, so the form gives way before the refetch lands.
      queryClient.setQueryData<Review[]>(reviewKeys.ofProject(projectId), (reviews) => [review, ...(reviews ?? []).filter((r) => r.id !== review.id)]);
      toast.success('Review submitted');
      // The project's reviews, the owner's rating on project cards, and finisher stats all change.
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all, predicate: (query) => query.queryKey[2] !== 'reviews' });
      void queryClient.invalidateQueries({ queryKey: finisherKeys.all });
    },
    onError: (error) => toast.error('Failed to submit review', { description: errorMessage(error, 'Please try again later') }),
  });
}
