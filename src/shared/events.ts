import { z } from 'zod';
import { chatMessageSchema } from '#shared/contracts/conversations.schemas.js';
import { notificationSchema } from '#shared/contracts/notifications.schemas.js';

/**
 * Every event on the live connection (WebSocket /ws). The server pings at the protocol level;
 * there is no application-level ping message.
 */

/**
 * What a live change names (decision 043): a resource a client may have cached, by id. The deal's id
 * is its project's; a conversation's is its bid's. A change carries no data: each client feature
 * refreshes the queries it declared for the resource, and the server answers them under its usual
 * permissions.
 */
export const liveResources = ['project', 'deal', 'bid', 'dispute', 'conversation'] as const;
export const liveResourceSchema = z.enum(liveResources);
export type LiveResource = z.infer<typeof liveResourceSchema>;
export const liveChangeSchema = z.object({ resource: liveResourceSchema, id: z.number().int() });
export type LiveChange = z.infer<typeof liveChangeSchema>;

const milestoneRefSchema = z.object({ id: z.number().int(), title: z.string(), projectId: z.number().int() });

/**
 * Built on its first parse, not when the module loads: the browser loads this module with the live
 * connection once the page is idle, and constructing every event's schema there lengthened that
 * task past 50 ms on a slow phone (issue 33). The first message (auth_success) then builds it, in a
 * task of its own.
 */
export const serverEventSchema = z.lazy(() =>
  z.discriminatedUnion('type', [
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
    /** The other party of a bid's chat is typing (issue 32): shown for a few seconds, never stored. */
    z.object({ type: z.literal('typing'), bidId: z.number().int(), userId: z.number().int() }),
    /** Resources a committed change touched, sent only to the people who may read them: refresh, no toast. */
    z.object({ type: z.literal('changed'), changes: z.array(liveChangeSchema).min(1) }),
  ]),
);
export type ServerEvent = z.infer<typeof serverEventSchema>;

export const clientEventSchema = z.discriminatedUnion('type', [
  /** Sent right after the socket opens; userId must be the signed-in user's own id. */
  z.object({ type: z.literal('auth'), userId: z.coerce.number().int().positive() }),
  /** The user is typing in a bid's chat; the server passes it to the other party, at most once a second. */
  z.object({ type: z.literal('typing'), bidId: z.number().int().positive().max(2_147_483_647) }),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;

/** Close codes the server uses, in the 4000-4999 range the protocol leaves to applications. */
export const liveCloseCodes = {
  /** No valid auth message arrived in time, or the message before auth was not an auth. */
  unauthenticated: 4401,
  /** The auth message named someone other than the signed-in user. */
  forbidden: 4403,
} as const;
