import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { bidCollectionPath } from '#shared/contracts/bids.js';
import { type ChatMessage, type ConversationChannel, conversationEndpoints } from '#shared/contracts/conversations.js';
import { call, errorMessage, upload } from '#client/lib/api.js';
import { userScopeKey, useUser } from '#client/lib/auth.js';
import { bidQuery } from '#client/features/bids/api.js';
import { notificationKeys } from '#client/features/notifications/api.js';
import { hasNewIncoming } from './select-conversation.js';

const endpoints = conversationEndpoints;

/**
 * Cache keys of the conversations' data. The live connection refreshes them on new_message, so
 * they are the conversations feature's public surface (like its hooks), not an internal detail.
 */
export const conversationKeys = {
  /** GET /api/users/{id}/chats: the conversation list. */
  ofUser: (userId: number) => [...userScopeKey(userId), 'chats'] as const,
  /** GET /api/bids/{bidId}/messages. */
  bidMessages: (bidId: number) => [bidCollectionPath, bidId, 'messages'] as const,
};

/** GET /api/users/{id}/chats: the signed-in user's conversations, newest first. */
export const conversationsQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: conversationKeys.ofUser(userId ?? 0),
    queryFn: ({ signal }) => call(endpoints.chats, { params: { id: userId! } }, { signal }),
    enabled: userId !== undefined,
  });

/** GET /api/bids/{bidId}: the bid with its project and finisher (who is who in the chat), the payment page's entry. */
export const conversationBidQuery = (bidId: number | null) => bidQuery(bidId ?? 0, bidId !== null);

/**
 * GET /api/bids/{bidId}/messages, oldest first. The server marks the other party's messages read as
 * it answers, so new incoming messages make the viewer's badges and conversation list stale.
 */
export const bidMessagesQuery = (bidId: number | null, viewerId: number | undefined) =>
  queryOptions({
    queryKey: conversationKeys.bidMessages(bidId ?? 0),
    queryFn: async ({ client, signal }) => {
      const previous = client.getQueryData<ChatMessage[]>(conversationKeys.bidMessages(bidId ?? 0));
      const list = await call(endpoints.messages, { params: { bidId: bidId! } }, { signal });
      if (viewerId !== undefined && hasNewIncoming(previous, list, viewerId)) {
        for (const queryKey of [
          notificationKeys.unreadCount(viewerId),
          notificationKeys.unreadList(viewerId),
          notificationKeys.list(viewerId),
          conversationKeys.ofUser(viewerId),
        ]) {
          void client.invalidateQueries({ queryKey });
        }
      }
      return list;
    },
    enabled: bidId !== null,
  });

export const useConversations = (userId: number | undefined) => useQuery(conversationsQuery(userId));
export const useConversationBid = (bidId: number | null) => useQuery(conversationBidQuery(bidId));

export function useBidMessages(bidId: number | null) {
  const { user } = useUser();
  return useQuery(bidMessagesQuery(bidId, user?.id));
}

/** A message to send: its text and, with issue 32, its files, their upload's progress and a way to cancel it. */
export interface OutgoingMessage {
  content: string;
  files?: readonly File[];
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/** The multipart form of a message with files: `content` and each file as `files`. */
function messageFormData(content: string, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('content', content);
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/**
 * POST /api/bids/{bidId}/messages with the trimmed content (JSON), or with files (multipart, with
 * upload progress); the list is then refreshed (spec section 4 "Chat send").
 */
export function useSendMessage(bidId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: ({ content, files = [], onProgress, signal }: OutgoingMessage) =>
      files.length === 0
        ? call(endpoints.send, { params: { bidId }, body: { content: content.trim() } })
        : upload(endpoints.send, { params: { bidId }, body: messageFormData(content.trim(), files) }, { onProgress, signal }),
    onSuccess: async (sent) => {
      queryClient.setQueryData<ChatMessage[]>(conversationKeys.bidMessages(bidId), (list) =>
        list && !list.some((message) => message.id === sent.id) ? [...list, sent] : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.bidMessages(bidId) }),
        user ? queryClient.invalidateQueries({ queryKey: conversationKeys.ofUser(user.id) }) : Promise.resolve(),
      ]);
    },
    onError: (error) => {
      // A cancelled upload is the person's own choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error('Failed to send message', { description: errorMessage(error, 'Please try again later') });
    },
  });
}

/**
 * PATCH (content) or DELETE (null) /api/messages/{id}: the sender's own message, within its edit
 * window. The answer replaces the message in the cached list; the other party's screens follow live.
 */
export function useChangeMessage(bidId: number) {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string | null }) =>
      content === null ? call(endpoints.remove, { params: { id } }) : call(endpoints.edit, { params: { id }, body: { content: content.trim() } }),
    onSuccess: async (changed) => {
      queryClient.setQueryData<ChatMessage[]>(conversationKeys.bidMessages(bidId), (list) =>
        list?.map((message) => (message.id === changed.id ? changed : message)),
      );
      if (user) await queryClient.invalidateQueries({ queryKey: conversationKeys.ofUser(user.id) });
    },
    onError: (error, { content }) =>
      toast.error(content === null ? 'Could not delete the message' : 'Could not edit the message', {
        description: errorMessage(error, 'Please try again later'),
      }),
  });
}

/** GET /api/conversations/search: messages with the words in the user's conversations (two characters at least). */
export function useMessageSearch(q: string) {
  const { user } = useUser();
  const words = q.trim();
  return useQuery({
    queryKey: [...userScopeKey(user?.id ?? 0), 'chats', 'search', words] as const,
    queryFn: ({ signal }) => call(endpoints.search, { query: { q: words } }, { signal }),
    enabled: user !== undefined && words.length >= 2,
  });
}

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
    mutationFn: (bidId: number) => call(endpoints.open, { params: { bidId } }),
    onSuccess: async (channel) => {
      toast.success('Conversation started');
      if (user) await queryClient.invalidateQueries({ queryKey: conversationKeys.ofUser(user.id) });
      window.setTimeout(() => navigate(conversationHref(channel)), CONVERSATION_REDIRECT_MS);
    },
    onError: (error) => toast.error('Failed to start conversation', { description: errorMessage(error, 'Please try again later') }),
  });
}
