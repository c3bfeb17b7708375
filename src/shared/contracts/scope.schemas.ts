import { z } from 'zod';
import { criterionAnswers } from '#shared/domain/scope.js';

/**
 * The statement of work frozen when the owner accepted a bid (issue 18, item 3): the criteria with
 * the bid's answers, the amount, timeline and included revisions. Later edits to the project leave it as it is.
 */
export const statementOfWorkSchema = z.object({
  projectId: z.number().int(),
  bidId: z.number().int(),
  finisherId: z.number().int(),
  criteria: z.array(
    z.object({
      id: z.number().int(),
      text: z.string(),
      /** null: the project gained the criterion after the bid was placed and the bid never answered it. */
      answer: z.enum(criterionAnswers).nullable(),
      note: z.string().nullable(),
    }),
  ),
  /** Whole dollars, and the cents the client reads (decision 026). */
  amount: z.number().int(),
  amountCents: z.number().int(),
  /** Days. */
  timeline: z.number().int(),
  message: z.string(),
  /** Revision requests the deal includes, how many the owner has made, and how many are left. */
  includedRevisions: z.number().int(),
  revisionsUsed: z.number().int(),
  revisionsLeft: z.number().int(),
  frozenAt: z.string(),
});
export type StatementOfWork = z.infer<typeof statementOfWorkSchema>;
