import { desc, eq, sql } from 'drizzle-orm';
import type { Bid, BidWithProject } from '#shared/contracts/bids.js';
import { centsToDollars } from '#shared/domain/money.js';
import type { DbOrTx } from '#server/db/client.js';
import { mapRowsOnce, preparedPerDb } from '#server/db/prepared.js';
import { bids } from '#server/db/schema/bids.js';
import { projectColumns, type ProjectRow, projects } from '#server/db/schema/projects.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { alias } from 'drizzle-orm/pg-core';
import { findFinisherRecords } from './finisher-records.js';

const submitters = alias(users, 'submitter');

const bidSelection = {
  bid: bids,
  finisherUsername: users.username,
  finisherAvatarUrl: users.avatarUrl,
  finisherCreatedAt: users.createdAt,
  projectSubmitterId: projects.submitterId,
};

function selectBids(db: DbOrTx) {
  return db.select(bidSelection).from(bids).innerJoin(users, eq(users.id, bids.finisherId)).innerJoin(projects, eq(projects.id, bids.projectId));
}

type BidQueryRow = Awaited<ReturnType<ReturnType<typeof selectBids>['execute']>>[number];

/** Amount, timeline and message are for the project's owner and the bid's own finisher only. */
export function canSeeBidDetails(viewer: UserRow | null, bid: { finisherId: number }, projectSubmitterId: number): boolean {
  return viewer !== null && (viewer.id === projectSubmitterId || viewer.id === bid.finisherId);
}

/** `defaultRevisions`: the house's included revisions (config), what a bid without its own figure includes. */
export function toBidDto(row: BidQueryRow, viewer: UserRow | null, defaultRevisions: number): Bid {
  const b = row.bid;
  const createdAt = b.createdAt.toISOString();
  const finisher = { id: b.finisherId, username: row.finisherUsername, avatarUrl: row.finisherAvatarUrl };
  // Each answer one object literal, not `{ ...base, detailsHidden }`: Node 20 gives every object
  // built that way a hidden class of its own, and the serializer reading five of them cost four
  // times as much (decision 084).
  if (!canSeeBidDetails(viewer, b, row.projectSubmitterId)) {
    const { id, projectId, finisherId, status } = b;
    return { id, projectId, finisherId, status, createdAt, developerUsername: row.finisherUsername, finisher, detailsHidden: true };
  }
  const bid: Bid = {
    id: b.id,
    projectId: b.projectId,
    finisherId: b.finisherId,
    status: b.status,
    createdAt,
    developerUsername: row.finisherUsername,
    finisher,
    detailsHidden: false,
    amount: centsToDollars(b.amountCents),
    amountCents: b.amountCents,
    timeline: b.timelineDays,
    message: b.message,
    proposal: b.message,
    paymentIntentId: b.paymentIntentId,
    criteriaAnswers: b.criteriaAnswers,
    includedRevisions: b.includedRevisions,
    effectiveIncludedRevisions: b.includedRevisions ?? defaultRevisions,
    declineReason: b.declineReason,
  };
  // The shortlist is the owner's own note: it tells nobody else, the shortlisted finisher included (decision 033).
  if (viewer?.id === row.projectSubmitterId) bid.shortlisted = b.shortlistedAt !== null;
  return bid;
}

const selectBidsOfProject = preparedPerDb(
  (db) =>
    mapRowsOnce(
      selectBids(db)
        .where(eq(bids.projectId, sql.placeholder('projectId')))
        .orderBy(desc(bids.createdAt), desc(bids.id))
        .prepare('bids_of_project'),
    ),
  (db, params: { projectId: number }) => selectBids(db).where(eq(bids.projectId, params.projectId)).orderBy(desc(bids.createdAt), desc(bids.id)),
);

/**
 * The bids of a project, newest first. Only the owner's list puts their shortlist first: anyone
 * else would read the shortlist from the order (issue 26, item 8).
 */
export async function findBidsOfProject(
  db: DbOrTx,
  projectId: number,
  viewer: UserRow | null,
  deal: { deliveryGraceMs: number; includedRevisions: number },
): Promise<Bid[]> {
  const rows = await selectBidsOfProject(db, { projectId });
  // The finishers' records are for the owner choosing among them (issue 18, item 9).
  if (viewer === null || rows.length === 0 || rows[0]!.projectSubmitterId !== viewer.id)
    return rows.map((row) => toBidDto(row, viewer, deal.includedRevisions));
  // A stable sort: the shortlist first, each part still newest first.
  const bidsOut = rows
    .map((row) => toBidDto(row, viewer, deal.includedRevisions))
    .sort((a, b) => Number(Boolean(b.shortlisted)) - Number(Boolean(a.shortlisted)));
  const records = await findFinisherRecords(
    db,
    rows.map((row) => ({ id: row.bid.finisherId, createdAt: row.finisherCreatedAt })),
    deal.deliveryGraceMs,
  );
  return bidsOut.map((bid) => ({ finisherRecord: records.get(bid.finisherId), ...bid }));
}

function selectBidsWithProject(db: DbOrTx) {
  return db
    .select({ ...bidSelection, project: projectColumns, submitterUsername: submitters.username })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.finisherId))
    .innerJoin(projects, eq(projects.id, bids.projectId))
    .innerJoin(submitters, eq(submitters.id, projects.submitterId));
}

type BidWithProjectRow = Awaited<ReturnType<ReturnType<typeof selectBidsWithProject>['execute']>>[number];

function toBidWithProjectDto(row: BidWithProjectRow, viewer: UserRow | null, defaultRevisions: number): BidWithProject {
  const p = row.project;
  return {
    ...toBidDto(row, viewer, defaultRevisions),
    project: {
      id: p.id,
      name: p.name,
      description: p.description,
      techStack: p.techStack,
      status: p.status,
      submitterId: p.submitterId,
      finisherId: p.finisherId,
      submitter: { id: p.submitterId, username: row.submitterUsername },
      createdAt: p.createdAt.toISOString(),
    },
  };
}

export async function findBidWithProject(db: DbOrTx, bidId: number, viewer: UserRow | null, defaultRevisions: number) {
  const [row] = await selectBidsWithProject(db).where(eq(bids.id, bidId)).limit(1);
  if (!row) return null;
  return { bid: toBidWithProjectDto(row, viewer, defaultRevisions), finisherId: row.bid.finisherId, submitterId: row.project.submitterId };
}

/** A finisher's bids, newest first, with the rows of the projects he is assigned to (their deals name his winning bids). */
export async function findBidsOfFinisher(
  db: DbOrTx,
  finisher: UserRow,
  defaultRevisions: number,
): Promise<{ bids: BidWithProject[]; assignedProjects: ProjectRow[] }> {
  const rows = await selectBidsWithProject(db).where(eq(bids.finisherId, finisher.id)).orderBy(desc(bids.createdAt), desc(bids.id));
  const assigned = new Map(rows.filter((row) => row.project.finisherId === finisher.id).map((row) => [row.project.id, row.project]));
  return { bids: rows.map((row) => toBidWithProjectDto(row, finisher, defaultRevisions)), assignedProjects: [...assigned.values()] };
}

export async function findBidView(db: DbOrTx, bidId: number, viewer: UserRow | null, defaultRevisions: number): Promise<Bid | null> {
  const [row] = await selectBids(db).where(eq(bids.id, bidId)).limit(1);
  return row ? toBidDto(row, viewer, defaultRevisions) : null;
}
