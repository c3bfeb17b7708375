import { dealRecordOf } from '#server/features/deal/deal.service.js';
import { and, avg, count, desc, eq, inArray, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DeveloperListItem, DeveloperProfile, DeveloperStats, ListDevelopersQuery } from '#shared/contracts/finishers.js';
import { acceptanceRateOf, winningBidStatuses, withdrawnBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { AppError } from '#server/app-error.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import { projects } from '#server/db/schema/projects.js';
import { reviews } from '#server/db/schema/reviews.js';
import { type UserRow, users } from '#server/db/schema/users.js';
import { isOperatorByEmail } from '#server/plugins/session.js';
import { projectIsCompletedDeal } from '#server/db/paid.js';

function toListItem(u: UserRow): DeveloperListItem {
  return {
    id: u.id,
    username: u.username,
    avatarUrl: u.avatarUrl,
    bio: u.bio,
    location: u.location,
    yearsOfExperience: u.yearsOfExperience,
    hourlyRate: u.hourlyRate,
    skills: u.skills,
    onboardingComplete: u.onboardingComplete,
  };
}

/**
 * Who the directory lists: finishers, and no operator. A verified account OPERATOR_EMAILS names is
 * an operator whatever it registered as (its stored role may still say finisher).
 */
function isListedFinisher(ctx: AppContext): SQL {
  const isFinisher = eq(users.role, 'finisher');
  const isNamedOperator = isOperatorByEmail(ctx.config.operatorEmails);
  return isNamedOperator ? and(isFinisher, not(isNamedOperator))! : isFinisher;
}

/** The directory: every finisher, optionally narrowed to any of some skills and to availability. */
export async function listDevelopers(ctx: AppContext, query: ListDevelopersQuery) {
  const skills = (query.skills ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const conditions = [isListedFinisher(ctx)];
  if (skills.length > 0)
    conditions.push(
      sql`array(select lower(s) from unnest(${users.skills}) s) && array[${sql.join(
        skills.map((skill) => sql`${skill}`),
        sql`, `,
      )}]::text[]`,
    );
  if (query.availability !== 'all') conditions.push(eq(users.onboardingComplete, query.availability === 'available'));
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(500);
  return rows.map(toListItem);
}

async function findDeveloper(ctx: AppContext, username: string): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), isListedFinisher(ctx)))
    .limit(1);
  if (!user) throw new AppError('NOT_FOUND', 'Developer not found');
  return user;
}

export async function getDeveloperProfile(ctx: AppContext, username: string): Promise<DeveloperProfile> {
  const u = await findDeveloper(ctx, username);
  return {
    ...toListItem(u),
    website: u.website,
    githubUrl: u.githubUrl,
    linkedinUrl: u.linkedinUrl,
    twitterUrl: u.twitterUrl,
    languages: u.languages,
    frameworks: u.frameworks,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The record a submitter chooses by: finished work, how often bids win, and the stars received. */
export async function getDeveloperStats(ctx: AppContext, username: string): Promise<DeveloperStats> {
  const u = await findDeveloper(ctx, username);
  const [bidCounts] = await ctx.db
    .select({
      total: count(),
      won: sql<number>`count(*) filter (where ${inArray(bids.status, [...winningBidStatuses])})::int`,
    })
    .from(bids)
    // A withdrawn bid is no longer an offer: it neither wins nor loses (decision 033).
    .where(and(eq(bids.finisherId, u.id), notInArray(bids.status, [...withdrawnBidStatuses])));
  const [rating] = await ctx.db
    .select({ average: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(eq(reviews.revieweeId, u.id));
  const done = await ctx.db
    .select()
    .from(projects)
    // Accepted work counts as completed, even on a project marked cancelled afterwards (decision 027).
    .where(and(eq(projects.finisherId, u.id), projectIsCompletedDeal(projects)))
    .orderBy(desc(projects.acceptedAt), desc(projects.id));
  const total = bidCounts?.total ?? 0;
  return {
    skills: u.skills,
    completedProjects: done.length,
    acceptanceRate: acceptanceRateOf({ won: bidCounts?.won ?? 0, counted: total }),
    bidCount: total,
    averageRating: rating?.average === null || rating?.average === undefined ? null : Math.round(Number(rating.average) * 10) / 10,
    reviewCount: rating?.total ?? 0,
    dealRecord: await dealRecordOf(ctx.db, u.id),
    projects: done.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      technologies: p.techStack,
      completedAt: (p.acceptedAt ?? p.completedAt)?.toISOString() ?? null,
      repoUrl: p.codeLink,
    })),
  };
}
