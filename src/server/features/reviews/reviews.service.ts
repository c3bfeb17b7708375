import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CreateReviewInput, Review } from '#shared/contracts/reviews.js';
import { REVEAL_REVIEWS_JOB, reviewRevealDeadline, revealReviewsJobKey } from '#shared/domain/reviews.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx, Tx } from '#server/db/client.js';
import { uniqueViolation } from '#server/db/errors.js';
import { lockProject } from '#server/db/project-locks.js';
import { reviewIsRevealed } from '#server/db/revealed-reviews.js';
import { type ProjectRow, projects } from '#server/db/schema/projects.js';
import { reviews, type ReviewRow } from '#server/db/schema/reviews.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import type { RecordEvent } from '#server/events/domain-events.js';
import { isOwner } from '#shared/domain/policies.js';
import { requireDealStep } from '#server/domain/deal-facts.js';
import { requireAccess } from '#server/domain/require-access.js';
import { cancelJobs, defineJobKind, enqueueJob } from '#server/jobs/job-queue.js';

function selectReviews(db: DbOrTx) {
  return db
    .select({
      review: reviews,
      projectName: projects.name,
      acceptedAt: projects.acceptedAt,
      reviewerUsername: users.username,
      reviewerAvatarUrl: users.avatarUrl,
    })
    .from(reviews)
    .innerJoin(projects, eq(projects.id, reviews.projectId))
    .innerJoin(users, eq(users.id, reviews.reviewerId));
}

type ReviewQueryRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

function toReviewDto(ctx: AppContext, row: ReviewQueryRow): Review {
  const r = row.review;
  return {
    id: r.id,
    projectId: r.projectId,
    projectName: row.projectName,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt?.toISOString() ?? null,
    revealedAt: r.revealedAt?.toISOString() ?? null,
    // While hidden: the latest it shows (the other party's review may reveal it sooner).
    revealsAt: r.revealedAt || !row.acceptedAt ? null : reviewRevealDeadline(row.acceptedAt, ctx.config.reviews.revealAfterMs).toISOString(),
    reviewer: { id: r.reviewerId, username: row.reviewerUsername, avatarUrl: row.reviewerAvatarUrl },
    revieweeId: r.revieweeId,
  };
}

/** What a reader sees: revealed reviews, and their own while still hidden (decision 059). */
const readableBy = (viewer: UserRow | null): SQL => (viewer ? or(reviewIsRevealed, eq(reviews.reviewerId, viewer.id))! : reviewIsRevealed);

const REVEAL_REVIEWS_KIND = REVEAL_REVIEWS_JOB;
interface RevealPayload {
  projectId: number;
}

/**
 * Reveals a project's hidden reviews at once: both parties have written theirs, or the window after
 * the work was accepted has passed. Answers how many were hidden; only a real reveal records the
 * event, so a replayed job or a second instance tells no one twice.
 */
async function revealReviews(tx: Tx, record: RecordEvent, project: ProjectRow, now: Date): Promise<number> {
  const revealed = await tx
    .update(reviews)
    .set({ revealedAt: now })
    .where(and(eq(reviews.projectId, project.id), isNull(reviews.revealedAt)))
    .returning({ id: reviews.id });
  if (revealed.length > 0 && project.finisherId !== null)
    await record({ type: 'reviews.revealed', projectId: project.id, projectName: project.name, ownerId: project.submitterId, finisherId: project.finisherId });
  return revealed.length;
}

/** The reveal at the end of the window, for a deal where only one party reviewed (durable, decision 042). */
export const revealReviewsJobKind = defineJobKind<RevealPayload>(REVEAL_REVIEWS_KIND, async ({ tx, record, job, now }) => {
  const project = await lockProject(tx, job.payload.projectId).catch(() => null);
  if (project) await revealReviews(tx, record, project, now);
});

/**
 * Once a project is accepted, its owner rates the finisher and the finisher the owner, once each.
 * Double-blind (issue 30, decision 059): the review stays hidden from the other party and the public
 * until both have reviewed, or REVIEW_REVEAL_AFTER after the work was accepted, whichever is first.
 * Under the project's lock, so two reviews written at once reveal both.
 */
export async function createReview(ctx: AppContext, actor: UserRow, projectId: number, input: CreateReviewInput): Promise<Review> {
  const id = await ctx.events.transaction(ctx.db, async (tx, record) => {
    const project = await lockProject(tx, projectId);
    requireAccess(actor, 'reviewProject', project);
    await requireDealStep(ctx, tx, project, actor, 'leave_review');
    const revieweeId = isOwner(actor, project) ? project.finisherId! : project.submitterId;
    let inserted: { id: number } | undefined;
    try {
      [inserted] = await tx
        .insert(reviews)
        .values({ projectId, reviewerId: actor.id, revieweeId, rating: input.rating, comment: input.comment })
        .returning({ id: reviews.id });
    } catch (error) {
      if (uniqueViolation(error) === 'reviews_project_reviewer_key') throw new AppError('CONFLICT', 'You have already reviewed this project');
      throw error;
    }
    const now = ctx.clock.now();
    const [other] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.projectId, projectId), eq(reviews.reviewerId, revieweeId)))
      .limit(1);
    const deadline = reviewRevealDeadline(project.acceptedAt ?? now, ctx.config.reviews.revealAfterMs);
    if (other || deadline <= now) {
      await revealReviews(tx, record, project, now);
      await cancelJobs(tx, { subject: `project:${projectId}`, kinds: [REVEAL_REVIEWS_KIND] });
    } else {
      await record({
        type: 'review.written',
        projectId,
        projectName: project.name,
        reviewerId: actor.id,
        reviewerUsername: actor.username,
        revieweeId,
        revealsAt: deadline.toISOString(),
      });
      await enqueueJob(tx, {
        kind: REVEAL_REVIEWS_KIND,
        key: revealReviewsJobKey(projectId),
        subject: `project:${projectId}`,
        dueAt: deadline,
        payload: { projectId } satisfies RevealPayload,
      });
    }
    return inserted!.id;
  });
  const [row] = await selectReviews(ctx.db).where(eq(reviews.id, id)).limit(1);
  return toReviewDto(ctx, row!);
}

/** PATCH /api/reviews/{id}: its author changes the stars or the comment while it is hidden; never once revealed. */
export async function updateReview(ctx: AppContext, actor: UserRow, reviewId: number, input: CreateReviewInput): Promise<Review> {
  await ctx.events.transaction(ctx.db, async (tx) => {
    const [found] = await tx.select({ projectId: reviews.projectId }).from(reviews).where(eq(reviews.id, reviewId)).limit(1);
    if (!found) throw new AppError('NOT_FOUND', 'Review not found');
    // The project's lock first, as writing a review takes it: the other party's review cannot reveal this one half-way.
    await lockProject(tx, found.projectId);
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update').limit(1);
    requireAccess(actor, 'editReview', review!);
    if (review!.revealedAt) throw new AppError('CONFLICT', 'A review cannot be changed once it is visible');
    await tx
      .update(reviews)
      .set({ rating: input.rating, comment: input.comment, updatedAt: ctx.clock.now() } satisfies Partial<ReviewRow>)
      .where(eq(reviews.id, reviewId));
  });
  const [row] = await selectReviews(ctx.db).where(eq(reviews.id, reviewId)).limit(1);
  return toReviewDto(ctx, row!);
}

/** GET /api/projects/{id}/reviews: the revealed reviews, and the viewer's own while it is hidden. */
export async function listProjectReviews(ctx: AppContext, viewer: UserRow | null, projectId: number): Promise<Review[]> {
  const rows = await selectReviews(ctx.db)
    .where(and(eq(reviews.projectId, projectId), readableBy(viewer)))
    .orderBy(desc(reviews.createdAt));
  return rows.map((row) => toReviewDto(ctx, row));
}

/** GET /api/developers/{username}/reviews: the revealed reviews a developer received (at most 100). */
export async function listReviewsOfDeveloper(ctx: AppContext, username: string): Promise<Review[]> {
  const [developer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.role, 'finisher')))
    .limit(1);
  if (!developer) throw new AppError('NOT_FOUND', 'Developer not found');
  const rows = await selectReviews(ctx.db)
    .where(and(eq(reviews.revieweeId, developer.id), reviewIsRevealed))
    .orderBy(desc(reviews.createdAt))
    .limit(100);
  return rows.map((row) => toReviewDto(ctx, row));
}
