import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreateReviewInput, Review } from '#shared/contracts/reviews.js';
import { apiGet, apiRequest, errorMessage } from '#client/lib/api.js';

/** Under the '/api/projects' prefix, so the marketplace-wide invalidation refreshes it too. */
export const projectReviewsKey = (projectId: number) => ['/api/projects', projectId, 'reviews'] as const;
const developerReviewsKey = (username: string) => ['/api/developers', username, 'reviews'] as const;

export function useProjectReviews(projectId: number, enabled = true) {
  return useQuery({
    queryKey: projectReviewsKey(projectId),
    queryFn: ({ signal }) => apiGet<Review[]>(`/api/projects/${projectId}/reviews`, { signal }),
    enabled,
  });
}

/** The reviews a developer received, for the public profile. */
export function useDeveloperReviews(username: string, enabled = true) {
  return useQuery({
    queryKey: developerReviewsKey(username),
    queryFn: ({ signal }) => apiGet<Review[]>(`/api/developers/${encodeURIComponent(username)}/reviews`, { signal }),
    enabled: enabled && username.length > 0,
  });
}

export function useSubmitReview(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => apiRequest<Review>('POST', `/api/projects/${projectId}/reviews`, input),
    onSuccess: (review) => {
      // Shown at once, so the form gives way before the refetch lands.
      queryClient.setQueryData<Review[]>(projectReviewsKey(projectId), (reviews) => [review, ...(reviews ?? []).filter((r) => r.id !== review.id)]);
      toast.success('Review submitted');
      // The project's reviews, the submitter's rating on project cards, and developer stats all change.
      void queryClient.invalidateQueries({ queryKey: ['/api/projects', projectId], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['/api/projects'], predicate: (query) => query.queryKey[2] !== 'reviews' });
      void queryClient.invalidateQueries({ queryKey: ['/api/developers'] });
    },
    onError: (error) => toast.error('Failed to submit review', { description: errorMessage(error, 'Please try again later') }),
  });
}
