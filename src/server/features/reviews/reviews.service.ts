import { and, desc, eq, sql } from 'drizzle-orm';
import type { CreateReviewInput, Review } from '#shared/contracts/reviews.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import type { DbOrTx } from '#server/db/client.js';
import { uniqueViolation } from '#server/db/errors.js';
import { projects } from '#server/db/schema/projects.js';
import { reviews } from '#server/db/schema/reviews.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { isOwner } from '#shared/domain/policies.js';
import { requireDealStep } from '#server/domain/deal-facts.js';
import { requireAccess } from '#server/domain/require-access.js';

function selectReviews(db: DbOrTx) {
  return db
    .select({ review: reviews, projectName: projects.name, reviewerUsername: users.username, reviewerAvatarUrl: users.avatarUrl })
    .from(reviews)
    .innerJoin(projects, eq(projects.id, reviews.projectId))
    .innerJoin(users, eq(users.id, reviews.reviewerId));
}

type ReviewQueryRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

function toReviewDto(row: ReviewQueryRow): Review {
  const r = row.review;
  return {
    id: r.id,
    projectId: r.projectId,
    projectName: row.projectName,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    reviewer: { id: r.reviewerId, username: row.reviewerUsername, avatarUrl: row.reviewerAvatarUrl },
    revieweeId: r.revieweeId,
  };
}

/** Once a project is accepted, its owner rates the finisher and the finisher the owner: once each, never changed. */
export async function createReview(ctx: AppContext, actor: UserRow, projectId: number, input: CreateReviewInput): Promise<Review> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'reviewProject', project);
  await requireDealStep(ctx, ctx.db, project, actor, 'leave_review');
  const revieweeId = isOwner(actor, project) ? project.finisherId! : project.submitterId;
  let id: number;
  try {
    const [row] = await ctx.db
      .insert(reviews)
      .values({ projectId, reviewerId: actor.id, revieweeId, rating: input.rating, comment: input.comment })
      .returning({ id: reviews.id });
    id = row!.id;
  } catch (error) {
    if (uniqueViolation(error) === 'reviews_project_reviewer_key') throw new AppError('CONFLICT', 'You have already reviewed this project');
    throw error;
  }
  const [row] = await selectReviews(ctx.db).where(eq(reviews.id, id)).limit(1);
  return toReviewDto(row!);
}

export async function listProjectReviews(ctx: AppContext, projectId: number): Promise<Review[]> {
  const rows = await selectReviews(ctx.db).where(eq(reviews.projectId, projectId)).orderBy(desc(reviews.createdAt));
  return rows.map(toReviewDto);
}

export async function listReviewsOfDeveloper(ctx: AppContext, username: string): Promise<Review[]> {
  const [developer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.role, 'finisher')))
    .limit(1);
  if (!developer) throw new AppError('NOT_FOUND', 'Developer not found');
  const rows = await selectReviews(ctx.db).where(eq(reviews.revieweeId, developer.id)).orderBy(desc(reviews.createdAt)).limit(100);
  return rows.map(toReviewDto);
}
