import { z } from 'zod';
import { chatMessageSchema } from '#shared/contracts/conversations.schemas.js';
import { notificationSchema } from '#shared/contracts/notifications.schemas.js';

/**
 * Every event on the live connection (WebSocket /ws). The server pings at the protocol level;
 * there is no application-level ping message.
 */

const milestoneRefSchema = z.object({ id: z.number().int(), title: z.string(), projectId: z.number().int() });

export const serverEventSchema = z.discriminatedUnion('type', [
  /** The answer to a client's auth message naming the session's own user. */
  z.object({ type: z.literal('auth_success'), userId: z.number().int() }),
  /** A refused or malformed client message; after a refused auth the server closes the socket. */
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({
    type: z.literal('new_message'),
    bidId: z.number().int(),
    thread: z.object({ id: z.number().int(), title: z.string() }),
    message: chatMessageSchema,
  }),
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  z.object({ type: z.literal('new_milestone'), milestone: milestoneRefSchema }),
  z.object({ type: z.literal('milestone_completed'), milestone: milestoneRefSchema }),
  z.object({ type: z.literal('milestone_approved'), milestone: milestoneRefSchema }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;

export const clientEventSchema = z.discriminatedUnion('type', [
  /** Sent right after the socket opens; userId must be the signed-in user's own id. */
  z.object({ type: z.literal('auth'), userId: z.coerce.number().int().positive() }),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;

/** Close codes the server uses, in the 4000-4999 range the protocol leaves to applications. */
export const liveCloseCodes = {
  /** No valid auth message arrived in time, or the message before auth was not an auth. */
  unauthenticated: 4401,
  /** The auth message named someone other than the signed-in user. */
  forbidden: 4403,
} as const;
