import { dealRecordSchema } from './disputes.schemas.js';
import { z } from 'zod';
import { developerSorts, directoryPageDefault, directoryPageMax } from '#shared/domain/developer-directory.js';

/** A developer's public fields (spec section 3, Developer list item), which the profile extends. */
export const developerPublicSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  hourlyRate: z.number().int().nullable(),
  skills: z.array(z.string()),
  /** Used as 'available' by the directory's availability filter. */
  onboardingComplete: z.boolean(),
});

/** A card of the developer directory: the public fields with the record the directory sorts by (issue 30, item 4). */
export const developerListItemSchema = developerPublicSchema.extend({
  /** Average of the stars received, one decimal; null before the first review. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Completed deals as the finisher (accepted and paid). */
  completedProjects: z.number().int(),
});
export type DeveloperListItem = z.infer<typeof developerListItemSchema>;
export type DeveloperPublic = z.infer<typeof developerPublicSchema>;

export const listDevelopersQuerySchema = z.object({
  /** Words matched in the username, skills and bio (the last word as a prefix). */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  /** Comma-separated skills; a developer with at least one of them matches. */
  skills: z.string().max(500, 'skills must be at most 500 characters').optional(),
  /** true: payouts set up (onboardingComplete); false: not yet; absent: everyone. */
  available: z.enum(['true', 'false'], { error: "available must be 'true' or 'false'" }).optional(),
  sort: z.enum(developerSorts, { error: `sort must be one of ${developerSorts.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(directoryPageMax, `limit must be at most ${directoryPageMax}`)
    .default(directoryPageDefault),
  /** The opaque cursor of the Link rel="next" header. */
  cursor: z.string().max(500).optional(),
});
export type ListDevelopersQuery = z.output<typeof listDevelopersQuerySchema>;

export const developerProfileSchema = developerPublicSchema.extend({
  website: z.string().nullable(),
  githubUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  languages: z.array(z.string()),
  frameworks: z.array(z.string()),
  createdAt: z.string(),
});
export type DeveloperProfile = z.infer<typeof developerProfileSchema>;

export const developerStatsSchema = z.object({
  skills: z.array(z.string()),
  completedProjects: z.number().int(),
  /** Bids accepted, paid or completed over all bids, as a whole percent. */
  acceptanceRate: z.number().int(),
  /** Every bid the developer has made; with none, the rate reads 'No bids yet', not 0%. */
  bidCount: z.number().int(),
  /** Average of the stars received, null before the first review. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Deals completed on either side and disputes opened against them (issue 15, rule 8). */
  dealRecord: dealRecordSchema,
  projects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      technologies: z.array(z.string()),
      completedAt: z.string().nullable(),
      repoUrl: z.string(),
    }),
  ),
});
export type DeveloperStats = z.infer<typeof developerStatsSchema>;

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(64) });

/**
 * GET /api/projects/{id}/suggested-finishers (issue 30): a directory card with the facts it was
 * ranked by (src/shared/domain/finisher-ranking.ts); the owner's open project page lists them.
 */
export const suggestedFinisherSchema = developerPublicSchema.extend({
  /** The project's technologies the finisher lists, in the project's spelling. */
  matchedSkills: z.array(z.string()),
  /** The Bayesian rating (pulled towards the prior while reviews are few), one decimal; null before any review. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  completedDeals: z.number().int(),
  /** Completed deals delivered before their deadline passed, as a whole percent; null before the first. */
  onTimeRate: z.number().int().nullable(),
  /** The ranking score, 0 to 1. */
  score: z.number(),
});
export type SuggestedFinisher = z.infer<typeof suggestedFinisherSchema>;
