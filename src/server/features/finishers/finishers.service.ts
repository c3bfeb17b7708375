import { dealRecordOf } from '#server/features/deal/deal.service.js';
import { and, count, desc, eq, inArray, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DeveloperProfile, DeveloperStats, ListDevelopersQuery, SuggestedFinisher } from '#shared/contracts/finishers.js';
import { rankSuggestedFinishers } from '#shared/domain/finisher-ranking.js';
import { acceptanceRateOf, winningBidStatuses, withdrawnBidStatuses } from '#shared/domain/bid-lifecycle.js';
import { AppError } from '#server/app-error.js';
import { requireAccess } from '#server/domain/require-access.js';
import type { AppContext } from '#server/context.js';
import { bids } from '#server/db/schema/bids.js';
import { developerRecords } from '#server/db/schema/developer-records.js';
import { projects } from '#server/db/schema/projects.js';
import { sessions, type UserRow, users } from '#server/db/schema/users.js';
import { dealHistory } from '#server/db/schema/deal.js';
import { isOperatorByEmail } from '#server/plugins/session.js';
import { projectIsCompletedDeal, qualified as q } from '#server/db/paid.js';
import { ratingOf, roundRating } from '#server/db/ratings.js';
import { findDirectoryPage } from './finishers.directory.js';
import { toPublicFields } from './finishers.fields.js';

/**
 * Who the directory lists: finishers, and no operator. A verified account OPERATOR_EMAILS names is
 * an operator whatever it registered as (its stored role may still say finisher).
 */
export function isListedFinisher(ctx: Pick<AppContext, 'config'>): SQL {
  const isFinisher = eq(users.role, 'finisher');
  const isNamedOperator = isOperatorByEmail(ctx.config.operatorEmails);
  return isNamedOperator ? and(isFinisher, not(isNamedOperator))! : isFinisher;
}

/**
 * isListedFinisher on a developer's record (developer_records copies the role): the directory reads
 * that table alone. A named operator is left out through users (lower(email) is unique and indexed).
 */
function isListedRecord(ctx: Pick<AppContext, 'config'>): SQL {
  const isFinisher = sql`${q(developerRecords.role)} = 'finisher'`;
  const isNamedOperator = isOperatorByEmail(ctx.config.operatorEmails);
  return isNamedOperator
    ? sql`${isFinisher} and ${q(developerRecords.userId)} not in (select ${q(users.id)} from ${users} where ${isNamedOperator})`
    : isFinisher;
}

/** The directory (issue 30, item 4): listed finishers, searched, filtered, sorted and keyset-paged (finishers.directory.ts). */
export function listDevelopers(ctx: AppContext, query: ListDevelopersQuery) {
  return findDirectoryPage(ctx, isListedRecord(ctx), query);
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
    ...toPublicFields(u),
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
  const rating = ratingOf(users.id);
  const [stars] = await ctx.db.select({ average: rating.average, total: rating.count }).from(users).where(eq(users.id, u.id));
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
    averageRating: roundRating(stars?.average),
    reviewCount: stars?.total ?? 0,
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

/** How many finishers the owner's project page suggests, and how many share-a-skill candidates are ranked for them. */
const SUGGESTIONS = 10;
const SUGGESTION_CANDIDATES = 200;

/**
 * GET /api/projects/{id}/suggested-finishers: for the project's owner only. The database narrows to
 * listed finishers sharing a technology (most shared first, then the most recently active), who
 * have not bid yet; the ranking itself is the shared rule (finisher-ranking.ts).
 */
export async function suggestFinishers(ctx: AppContext, actor: UserRow, projectId: number): Promise<SuggestedFinisher[]> {
  const [project] = await ctx.db
    .select({ submitterId: projects.submitterId, techStack: projects.techStack })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  requireAccess(actor, 'readSuggestedFinishers', project);
  const techs = [...new Set(project.techStack.map((tech) => tech.trim().toLowerCase()))];
  if (techs.length === 0) return [];
  const techArray = sql`array[${sql.join(
    techs.map((tech) => sql`${tech}`),
    sql`, `,
  )}]::text[]`;
  const shared = sql<number>`(select count(distinct lower(s))::int from unnest(${users.skills}) s where lower(s) = any(${techArray}))`;
  const completedDeal = sql`${q(projects.finisherId)} = ${q(users.id)} and ${projectIsCompletedDeal(projects)}`;
  const userId = q(users.id);
  const lastSeen = sql`(select max(${q(sessions.lastSeenAt)}) from ${sessions} where ${q(sessions.userId)} = ${userId})`;
  const rows = await ctx.db
    .select({
      user: users,
      // Inside the select list drizzle leaves columns unqualified, so every subquery names its tables.
      ratingAverage: ratingOf(users.id).average,
      ratingCount: ratingOf(users.id).count,
      completedDeals: sql<number>`(select count(*)::int from ${projects} where ${completedDeal})`,
      // On time: no deadline_passed entry in the deal's history.
      onTimeDeals: sql<number>`(select count(*)::int from ${projects} where ${completedDeal}
        and not exists (select 1 from ${dealHistory} where ${q(dealHistory.projectId)} = ${q(projects.id)} and ${q(dealHistory.kind)} = 'deadline_passed'))`,
      lastActiveAt: sql<string | null>`${lastSeen}::text`,
    })
    .from(users)
    .where(
      and(
        isListedFinisher(ctx),
        not(eq(users.id, actor.id)),
        sql`array(select lower(s) from unnest(${users.skills}) s) && ${techArray}`,
        sql`not exists (select 1 from ${bids} where ${bids.projectId} = ${projectId} and ${bids.finisherId} = ${users.id})`,
      ),
    )
    .orderBy(desc(shared), sql`${lastSeen} desc nulls last`, users.id)
    .limit(SUGGESTION_CANDIDATES);
  const byId = new Map(rows.map((row) => [row.user.id, row]));
  const ranked = rankSuggestedFinishers(
    project.techStack,
    rows.map((row) => ({
      id: row.user.id,
      skills: row.user.skills,
      ratingAverage: row.ratingAverage === null ? null : Number(row.ratingAverage),
      ratingCount: row.ratingCount,
      completedDeals: row.completedDeals,
      onTimeDeals: row.onTimeDeals,
      lastActiveAt: row.lastActiveAt === null ? null : new Date(row.lastActiveAt),
    })),
    { now: ctx.clock.now(), limit: SUGGESTIONS },
  );
  return ranked.map((suggestion) => {
    const row = byId.get(suggestion.id)!;
    return {
      ...toPublicFields(row.user),
      matchedSkills: suggestion.matchedSkills,
      rating: suggestion.rating,
      reviewCount: row.ratingCount,
      completedDeals: row.completedDeals,
      onTimeRate: row.completedDeals === 0 ? null : Math.round((row.onTimeDeals / row.completedDeals) * 100),
      score: suggestion.score,
    };
  });
}
