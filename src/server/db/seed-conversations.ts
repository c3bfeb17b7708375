import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AttachmentSummary } from '#shared/domain/attachments.js';
import type { FileStorage } from '#server/integrations/storage/storage.js';
import type { Db } from './client.js';
import { attachments } from './schema/attachments.js';
import { bids } from './schema/bids.js';
import { conversationChannels, conversationThreads, messageEdits, messages } from './schema/conversations.js';
import { notifications } from './schema/notifications.js';
import { projects } from './schema/projects.js';
import { users } from './schema/users.js';

/** The demo project whose conversation a newcomer signed in as maya or devon meets first. */
export const DEMO_CONVERSATION_PROJECT = 'Yoga studio booking calendar';

const MINUTE_MS = 60_000;
const TEST_PLAN = `Booking calendar — how to test the delivery

1. Book a class as a member: the confirmation mail arrives within a minute.
2. Fill a class, then book it again: you join the waitlist.
3. Cancel a booking: the first person on the waitlist gets the seat and a mail.
4. Sign in as a teacher: today's classes show with their attendees.
`;

/**
 * The conversation of the demo deal between maya and devon (issue 32): read marks, an edited
 * message, and devon's last message with a test plan attached, which maya has not read yet. With
 * no storage (tests that seed without files) the file is left out.
 */
export async function seedDemoConversation(db: Db, storage: FileStorage | undefined): Promise<void> {
  const [deal] = await db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      ownerId: projects.submitterId,
      finisherId: bids.finisherId,
      finisherName: users.username,
      bidId: bids.id,
      completedAt: projects.completedAt,
    })
    .from(projects)
    .innerJoin(bids, and(eq(bids.projectId, projects.id), eq(bids.finisherId, projects.finisherId)))
    .innerJoin(users, eq(users.id, bids.finisherId))
    .where(eq(projects.name, DEMO_CONVERSATION_PROJECT))
    .limit(1);
  if (!deal) return;
  const end = deal.completedAt ?? new Date();
  const at = (minutesBefore: number) => new Date(end.getTime() - minutesBefore * MINUTE_MS);

  const fileKey = storage ? `attachments/${randomUUID()}.txt` : null;
  if (storage && fileKey) await storage.put(fileKey, Buffer.from(TEST_PLAN), 'text/plain; charset=utf-8');

  await db.transaction(async (tx) => {
    const [channel] = await tx
      .insert(conversationChannels)
      .values({ projectId: deal.projectId, creatorId: deal.ownerId, developerId: deal.finisherId, bidId: deal.bidId, createdAt: at(3_000) })
      .returning({ id: conversationChannels.id });
    const [thread] = await tx
      .insert(conversationThreads)
      .values({ channelId: channel!.id, title: `Bid #${deal.bidId}: ${deal.projectName}`, createdAt: at(3_000) })
      .returning({ id: conversationThreads.id });
    const lines: { from: 'owner' | 'finisher'; text: string; minutesBefore: number; read: boolean; editedFrom?: string }[] = [
      { from: 'owner', text: 'Welcome aboard! The waitlist is what our members ask about most.', minutesBefore: 2_900, read: true },
      { from: 'finisher', text: 'Thanks! I will start with the waitlist, then the reminder emails.', minutesBefore: 2_880, read: true },
      {
        from: 'owner',
        text: 'Reminders should go out 24 hours before a class.',
        minutesBefore: 1_500,
        read: true,
        editedFrom: 'Reminders should go out 12 hours before a class.',
      },
      { from: 'finisher', text: 'Everything is on staging. The test plan is attached.', minutesBefore: 30, read: false },
    ];
    const rows = await tx
      .insert(messages)
      .values(
        lines.map((line) => ({
          threadId: thread!.id,
          senderId: line.from === 'owner' ? deal.ownerId : deal.finisherId,
          content: line.text,
          createdAt: at(line.minutesBefore),
          readAt: line.read ? at(line.minutesBefore - 5) : null,
          editedAt: line.editedFrom ? at(line.minutesBefore - 2) : null,
        })),
      )
      .returning({ id: messages.id });
    const edited = lines.findIndex((line) => line.editedFrom);
    await tx.insert(messageEdits).values({ messageId: rows[edited]!.id, content: lines[edited]!.editedFrom!, createdAt: at(lines[edited]!.minutesBefore - 2) });
    const last = rows.at(-1)!;
    if (fileKey) {
      const [file] = await tx
        .insert(attachments)
        .values({
          uploaderId: deal.finisherId,
          messageId: last.id,
          kind: 'text',
          name: 'test-plan.txt',
          size: Buffer.byteLength(TEST_PLAN),
          storageKey: fileKey,
          createdAt: at(30),
        })
        .returning({ id: attachments.id });
      const summary: AttachmentSummary[] = [{ id: file!.id, name: 'test-plan.txt', size: Buffer.byteLength(TEST_PLAN), kind: 'text' }];
      await tx.update(messages).set({ attachments: summary }).where(eq(messages.id, last.id));
    }
    // maya's unread message, as the app notifies one.
    await tx.insert(notifications).values({
      userId: deal.ownerId,
      type: 'message',
      title: `New message from ${deal.finisherName}`,
      content: lines.at(-1)!.text,
      relatedId: last.id,
      groupKey: `conversation:${deal.bidId}`,
      isRead: false,
      createdAt: at(30),
    });
  });
}
