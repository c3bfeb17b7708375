import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { BidWithProject } from '#shared/contracts/bids.js';
import type { ChatMessage, ChatSummary } from '#shared/contracts/conversations.js';
import { useUser } from '#client/lib/auth.js';
import { notificationKeys } from '#client/features/notifications/notification-keys.js';
import { apiGet, apiRequest, errorMessage } from '#client/lib/api.js';
import { messageKeys } from './message-keys.js';
import { hasNewIncoming } from './select-conversation.js';

/** GET /api/users/{id}/chats: the signed-in user's conversations, newest first. */
export function useChats(userId: number | undefined) {
  return useQuery({
    queryKey: messageKeys.chats(userId ?? 0),
    queryFn: ({ signal }) => apiGet<ChatSummary[]>(`/api/users/${userId}/chats`, { signal }),
    enabled: userId !== undefined,
  });
}

/** GET /api/bids/{id}: the bid with its project and finisher (who is who in the chat). */
export function useChatBid(bidId: number | null) {
  return useQuery({
    queryKey: messageKeys.bid(bidId ?? 0),
    queryFn: ({ signal }) => apiGet<BidWithProject>(`/api/bids/${bidId}`, { signal }),
    enabled: bidId !== null,
  });
}

/**
 * GET /api/bids/{id}/messages, oldest first. The server marks the other party's messages read as
 * it answers, so new incoming messages make the badges and the conversation list stale.
 */
export function useBidMessages(bidId: number | null) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  const userId = user?.id;
  return useQuery({
    queryKey: messageKeys.bidMessages(bidId ?? 0),
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<ChatMessage[]>(messageKeys.bidMessages(bidId ?? 0));
      const list = await apiGet<ChatMessage[]>(`/api/bids/${bidId}/messages`, { signal });
      if (userId !== undefined && hasNewIncoming(previous, list, userId)) {
        for (const queryKey of [
          notificationKeys.unreadCount(userId),
          notificationKeys.unreadList(userId),
          notificationKeys.list(userId),
          messageKeys.chats(userId),
        ]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
      return list;
    },
    enabled: bidId !== null,
  });
}

/** POST /api/bids/{id}/messages with the trimmed content; the list is then refreshed (spec section 4 "Chat send"). */
export function useSendMessage(bidId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (content: string) => apiRequest<ChatMessage>('POST', `/api/bids/${bidId}/messages`, { content: content.trim() }),
    onSuccess: async (sent) => {
      queryClient.setQueryData<ChatMessage[]>(messageKeys.bidMessages(bidId), (list) =>
        list && !list.some((message) => message.id === sent.id) ? [...list, sent] : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.bidMessages(bidId) }),
        user ? queryClient.invalidateQueries({ queryKey: messageKeys.chats(user.id) }) : Promise.resolve(),
      ]);
    },
    onError: (error) => toast.error('Failed to send message', { description: errorMessage(error, 'Please try again later') }),
  });
}
