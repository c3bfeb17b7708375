import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { attachments } from '#server/db/schema/attachments.js';
import { everyone, idOf, type MatrixApp, only, type Row, signedIn } from './authorization-cells.js';

/** A stored file of a message or a delivery (an image, with its preview, when asked): its id. */
async function plantAttachment(m: MatrixApp, owner: { messageId: number } | { projectId: number }, uploaderId: number, image = false): Promise<number> {
  const id = randomUUID();
  const dir = path.join(m.config.dataDir, 'uploads', 'attachments');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${id}.txt`), 'the build log');
  if (image) await writeFile(path.join(dir, `${id}-preview.webp`), 'RIFF....WEBP');
  const [row] = await m.database.db
    .insert(attachments)
    .values({
      ...owner,
      uploaderId,
      kind: image ? 'image' : 'text',
      name: 'log.txt',
      size: 13,
      storageKey: `attachments/${id}.txt`,
      previewKey: image ? `attachments/${id}-preview.webp` : null,
      createdAt: new Date(),
    })
    .returning({ id: attachments.id });
  return row!.id;
}

/**
 * The authorization matrix's rows for projects, their agreed scope, bids, the chat of a bid and
 * milestones (see authorization-matrix.test.ts for what a row is and how it is judged).
 */

export const newProject = {
  name: 'A brand new project',
  description: 'A half-built application that needs a finisher to wire up the remaining features.',
  techStack: ['React'],
  codeLink: 'https://github.com/example/new-project',
};
export const proposal = { amount: 900, timeline: 10, message: 'I have finished three apps like this one.' };

/**
 * Operators read the agreed scope of a disputed deal, which the dispute is settled against
 * (issue 26): the matrix's scope row shows that without a dispute they are strangers.
 */
export const operatorScopeRow: Row = {
  route: 'GET /api/projects/:id/scope',
  expect: only({ owner: 200, bidder: 200, operator: 200 }),
  shows: ['bid message'],
  operatorSees: ['bid message', 'bid amount', 'bid timeline'],
  request: (w) => ({ url: `/api/projects/${w.dispute.projectId}/scope` }),
};

export const projectRows: Row[] = [
  // Projects. The project page is public (spec section 1); the delivery message is not.
  { route: 'GET /api/projects', expect: everyone(200), request: () => ({ url: '/api/projects' }) },
  { route: 'GET /api/technologies', expect: everyone(200), request: () => ({ url: '/api/technologies' }) },
  {
    route: 'GET /api/projects/:id',
    expect: everyone(200),
    shows: ['delivery message', 'bid message', 'bid timeline', 'competing bid message', 'competing bid timeline'],
    request: (w) => ({ url: `/api/projects/${w.delivered.project.id}` }),
  },
  // Any signed-in user may submit; the spec only hides the button from finishers (section 6).
  { route: 'POST /api/projects', expect: signedIn(201), request: () => ({ url: '/api/projects', payload: newProject }) },
  {
    route: 'PATCH /api/projects/:id',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}`, payload: { name: 'A renamed open project' } }),
  },
  {
    route: 'GET /api/projects/:id/scope',
    // An operator reads it only on a disputed deal (see operatorScopeRow); this one has no dispute.
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid message'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/scope` }),
  },
  {
    route: 'PATCH /api/projects/:id/status',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}/status`, payload: { status: 'paused' } }),
  },
  {
    route: 'POST /api/projects/:id/complete',
    expect: only({ bidder: 200 }),
    request: (w) => ({
      url: `/api/projects/${w.underWay.project.id}/complete`,
      payload: { deliveryMessage: 'Deployed and documented.', evidence: [{ criterionId: w.underWay.criterionId, note: 'https://example.com/build' }] },
    }),
  },
  {
    route: 'POST /api/projects/:id/accept',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/projects/${w.delivered.project.id}/accept`, payload: { accepted: true } }),
  },

  { route: 'GET /api/users/:id/projects', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/projects` }) },
  {
    route: 'GET /api/users/:id/total-spending',
    expect: only({ owner: 200 }),
    shows: ['bid amount'],
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/total-spending` }),
  },

  // Bids. Submitters cannot bid, the owner not on their own project, the bidder not twice.
  {
    route: 'POST /api/projects/:id/bids',
    expect: only({ bidder: 409, otherFinisher: 201 }),
    request: (w) => ({ url: `/api/projects/${w.open.project.id}/bids`, payload: proposal }),
  },
  { route: 'POST /api/bids/:bidId/accept', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/accept` }) },
  // Issue 18: the bid's finisher edits or withdraws it; the owner declines or shortlists it.
  {
    route: 'PATCH /api/bids/:bidId',
    expect: only({ bidder: 200 }),
    shows: ['bid message'],
    request: (w) => ({ url: `/api/bids/${w.open.bidId}`, payload: { amount: 950 } }),
  },
  { route: 'POST /api/bids/:bidId/withdraw', expect: only({ bidder: 200 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/withdraw` }) },
  {
    route: 'POST /api/bids/:bidId/decline',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/decline`, payload: { reason: 'Another approach suits us better.' } }),
  },
  { route: 'POST /api/bids/:bidId/shortlist', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/bids/${w.open.bidId}/shortlist`, payload: {} }) },
  {
    route: 'GET /api/bids/:bidId',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ['bid message', 'bid amount', 'bid timeline'],
    request: (w) => ({ url: `/api/bids/${w.open.bidId}` }),
  },
  {
    route: 'GET /api/users/:id/bids',
    expect: only({ bidder: 200 }),
    shows: ['bid message'],
    request: (w) => ({ url: `/api/users/${idOf(w, 'bidder')}/bids` }),
  },

  // The chat of a bid: its project's owner and its finisher only.
  {
    route: 'POST /api/bids/:bidId/conversations',
    expect: only({ owner: 200, bidder: 200 }),
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/conversations` }),
  },
  {
    route: 'GET /api/bids/:bidId/messages',
    expect: only({ owner: 200, bidder: 200 }),
    shows: ["owner's chat message", "bidder's chat message"],
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/messages` }),
  },
  {
    route: 'POST /api/bids/:bidId/messages',
    expect: only({ owner: 201, bidder: 201 }),
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/messages`, payload: { content: 'When can we talk?' } }),
  },
  {
    route: 'POST /api/bids/:bidId/messages/read',
    expect: only({ owner: 200, bidder: 200 }),
    request: (w) => ({ url: `/api/bids/${w.open.bidId}/messages/read`, payload: { upTo: w.ownerMessageId + 1 } }),
  },
  // Issue 32: a message is its sender's to change; the other party is told it is not theirs, anyone else that it is not there.
  {
    route: 'PATCH /api/messages/:id',
    expect: only({ owner: 200, bidder: 403, stranger: 404, otherFinisher: 404, operator: 404 }),
    request: (w) => ({ url: `/api/messages/${w.ownerMessageId}`, payload: { content: 'Monday, not Tuesday.' } }),
  },
  {
    route: 'DELETE /api/messages/:id',
    expect: only({ owner: 200, bidder: 403, stranger: 404, otherFinisher: 404, operator: 404 }),
    request: (w) => ({ url: `/api/messages/${w.ownerMessageId}` }),
  },
  // Issue 32: a conversation's file is its two parties'; a delivery's file reaches an operator through the deal's dispute.
  {
    route: 'GET /api/attachments/:id',
    expect: only({ owner: 200, bidder: 200 }, 404),
    request: async (w, m) => ({ url: `/api/attachments/${await plantAttachment(m, { messageId: w.ownerMessageId }, idOf(w, 'owner'))}` }),
  },
  {
    route: 'GET /api/attachments/:id/preview',
    expect: only({ owner: 200, bidder: 200, operator: 200 }, 404),
    request: async (w, m) => ({ url: `/api/attachments/${await plantAttachment(m, { projectId: w.dispute.projectId }, idOf(w, 'bidder'), true)}/preview` }),
  },
  {
    route: 'GET /api/conversations/search',
    expect: signedIn(200),
    request: () => ({ url: '/api/conversations/search?q=chat' }),
  },
  {
    route: 'GET /api/users/:id/chats',
    expect: only({ owner: 200 }),
    shows: ["bidder's chat message"],
    request: (w) => ({ url: `/api/users/${idOf(w, 'owner')}/chats` }),
  },

  // Milestones: titles are public on the project page; amounts, notes and feedback are the parties'.
  {
    route: 'GET /api/projects/:id/milestones',
    expect: everyone(200),
    shows: ['milestone amount', 'milestone note', 'milestone feedback'],
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/milestones` }),
  },
  {
    route: 'POST /api/projects/:id/milestones',
    expect: only({ owner: 201 }),
    request: (w) => ({ url: `/api/projects/${w.underWay.project.id}/milestones`, payload: { title: 'Write the docs', amount: 100 } }),
  },
  {
    route: 'PATCH /api/milestones/:milestoneId',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}`, payload: { title: 'Wire up the REST API' } }),
  },
  { route: 'DELETE /api/milestones/:milestoneId', expect: only({ owner: 204 }), request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}` }) },
  {
    route: 'POST /api/milestones/:milestoneId/complete',
    expect: only({ bidder: 200 }),
    request: (w) => ({ url: `/api/milestones/${w.underWay.pendingMilestoneId}/complete`, payload: { note: 'Done and tested.' } }),
  },
  {
    route: 'POST /api/milestones/:milestoneId/approve',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/milestones/${w.underWay.completedMilestoneId}/approve` }),
  },
  {
    route: 'POST /api/milestones/:milestoneId/send-back',
    expect: only({ owner: 200 }),
    request: (w) => ({ url: `/api/milestones/${w.underWay.completedMilestoneId}/send-back`, payload: { feedback: 'Needs tests.' } }),
  },
];
