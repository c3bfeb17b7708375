import { z } from 'zod';
import { projectLimits, savedSearchLimits as S } from '#shared/domain/limits.js';
import { budgetFilterSchema } from './budget-filter.js';

export const savedSearchFrequencies = ['instant', 'daily'] as const;

/**
 * POST /api/users/{id}/saved-searches: the browse filters to watch (issue 30, item 3) and how to be
 * told. At least one filter: a search of everything would announce every project.
 */
export const createSavedSearchSchema = z
  .strictObject({
    q: z
      .string({ error: 'q must be a text' })
      .trim()
      .max(S.textMax, `The search text must be at most ${S.textMax} characters`)
      .optional()
      .transform((value) => value || undefined),
    tech: z
      .array(
        z
          .string({ error: 'Each technology must be a text' })
          .trim()
          .min(1, 'Each technology must be a text')
          .max(projectLimits.technologyMax, `Each technology must be at most ${projectLimits.technologyMax} characters`),
        { error: 'tech must be a list of technologies' },
      )
      .max(S.techMax, `A saved search can name at most ${S.techMax} technologies`)
      .optional()
      .transform((list) => (list ? [...new Set(list)] : [])),
    minBudget: budgetFilterSchema('minBudget').optional(),
    maxBudget: budgetFilterSchema('maxBudget').optional(),
    frequency: z.enum(savedSearchFrequencies, { error: "frequency must be 'instant' or 'daily'" }),
  })
  .refine((s) => s.minBudget === undefined || s.maxBudget === undefined || s.minBudget <= s.maxBudget, {
    message: 'The minimum budget must not be more than the maximum',
    path: ['minBudget'],
  })
  .refine((s) => s.q !== undefined || s.tech.length > 0 || s.minBudget !== undefined || s.maxBudget !== undefined, {
    message: 'Add a search text, a technology or a budget to save this search',
    path: ['q'],
  });
export type CreateSavedSearchBody = z.input<typeof createSavedSearchSchema>;
export type CreateSavedSearchInput = z.output<typeof createSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  q: z.string().nullable(),
  tech: z.array(z.string()),
  /** Whole dollars, like a project's budget (what was sent); the cents beside them are what the client reads (decision 026). */
  minBudget: z.number().int().nullable(),
  minBudgetCents: z.number().int().nullable(),
  maxBudget: z.number().int().nullable(),
  maxBudgetCents: z.number().int().nullable(),
  frequency: z.enum(savedSearchFrequencies),
  createdAt: z.string(),
  /** Projects it matched so far. */
  matchCount: z.number().int(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  searchId: z.coerce.number().int().positive().max(2_147_483_647),
});
