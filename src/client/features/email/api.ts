import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type EmailPreferences, emailEndpoints, type SetEmailChoiceInput } from '#shared/contracts/email.js';
import { call, errorMessage } from '#client/lib/api.js';
import { userScopeKey } from '#client/lib/auth.js';

const endpoints = emailEndpoints;

export const emailKeys = {
  categories: ['email-categories'] as const,
  preferences: (userId: number) => [...userScopeKey(userId), 'email-preferences'] as const,
};

/** GET /api/email/categories: every kind of mail the features registered; it changes only with a deploy. */
export const emailCategoriesQuery = () =>
  queryOptions({
    queryKey: emailKeys.categories,
    queryFn: ({ signal }) => call(endpoints.categories, {}, { signal }),
    staleTime: Infinity,
  });

export function useEmailCategories() {
  return useQuery(emailCategoriesQuery());
}

export const emailPreferencesQuery = (userId: number) =>
  queryOptions({
    queryKey: emailKeys.preferences(userId),
    queryFn: ({ signal }) => call(endpoints.preferences, { params: { id: userId } }, { signal }),
  });

/** GET /api/users/{id}/email-preferences: which mail the signed-in user gets. */
export function useEmailPreferences(userId: number) {
  return useQuery(emailPreferencesQuery(userId));
}

/** PATCH /api/users/{id}/email-preferences/choice: saves one box; the boxes show the change straight away and go back if it fails. */
export function useUpdateEmailPreferences(userId: number) {
  const queryClient = useQueryClient();
  const key = emailKeys.preferences(userId);
  return useMutation({
    mutationFn: (body: SetEmailChoiceInput) => call(endpoints.setChoice, { params: { id: userId }, body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<EmailPreferences>(key);
      if (previous) queryClient.setQueryData<EmailPreferences>(key, { ...previous, [body.category]: body.isOn });
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toast.success('Email preferences saved');
    },
    onError: (error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error('Email preferences not saved', { description: errorMessage(error, 'Failed to save your email preferences') });
    },
  });
}

/** POST /api/email/unsubscribe?token=...: the button of the page an emailed unsubscribe link opens. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => call(endpoints.unsubscribe, { query: { token } }),
  });
}
