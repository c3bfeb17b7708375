import { dealRecordSchema } from './disputes.schemas.js';
import { z } from 'zod';

/** A card of the developer directory (spec section 3, Developer list item). */
export const developerListItemSchema = z.object({
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
export type DeveloperListItem = z.infer<typeof developerListItemSchema>;

export const listDevelopersQuerySchema = z.object({
  /** Comma-separated skills; a developer with at least one of them matches. */
  skills: z.string().max(500).optional(),
  availability: z.enum(['all', 'available', 'not-available']).default('all'),
});
export type ListDevelopersQuery = z.output<typeof listDevelopersQuerySchema>;

export const developerProfileSchema = developerListItemSchema.extend({
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
export const suggestedFinisherSchema = developerListItemSchema.extend({
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
