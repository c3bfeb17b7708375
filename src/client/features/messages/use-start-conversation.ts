import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ConversationChannel } from '#shared/contracts/conversations.js';
import { useUser } from '#client/lib/auth.js';
import { apiRequest, errorMessage } from '#client/lib/api.js';
import { messageKeys } from './message-keys.js';

/** Spec section 9: the dashboard's messages tab opens about 800 ms after the conversation starts. */
export const CONVERSATION_REDIRECT_MS = 800;

/** Where a started conversation opens: the dashboard's messages tab on its channel and first thread. */
export function conversationHref(channel: Pick<ConversationChannel, 'id' | 'threads'>): string {
  const params = new URLSearchParams({ tab: 'messages', channel: String(channel.id) });
  const [thread] = channel.threads;
  if (thread) params.set('thread', String(thread.id));
  return `/dashboard?${params.toString()}`;
}

/** POST /api/bids/{bidId}/conversations, then the dashboard's messages tab (spec section 4 "Conversation"). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useUser();
  return useMutation({
    mutationFn: (bidId: number) => apiRequest<ConversationChannel>('POST', `/api/bids/${bidId}/conversations`),
    onSuccess: async (channel) => {
      toast.success('Conversation started');
      if (user) await queryClient.invalidateQueries({ queryKey: messageKeys.chats(user.id) });
      window.setTimeout(() => navigate(conversationHref(channel)), CONVERSATION_REDIRECT_MS);
    },
    onError: (error) => toast.error('Failed to start conversation', { description: errorMessage(error, 'Please try again later') }),
  });
}
