import { z } from 'zod';
import { projectLimits } from '#shared/domain/limits.js';

/**
 * A budget bound of a project search, in whole dollars (issue 30): browse's minBudget/maxBudget and a
 * saved search's, one rule and one set of messages. Its own module, so a page that saves a search
 * does not load the project contracts with it.
 */
export const budgetFilterSchema = (field: 'minBudget' | 'maxBudget') =>
  z
    .number({ error: `${field} must be a whole number of dollars` })
    .int({ error: `${field} must be a whole number of dollars` })
    .min(0, { error: `${field} must be a whole number of dollars` })
    .max(projectLimits.budgetMaxDollars, { error: `${field} must be at most ${projectLimits.budgetMaxDollars} dollars` });
