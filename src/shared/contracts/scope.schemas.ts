import { z } from 'zod';
import { repositoryReportStatuses } from '#shared/domain/repository-report.js';
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
  /** Issue 29: the commit of the connected repository the deal starts from; null without one. */
  startCommit: z.string().nullable(),
  /** The intake report bidders read when the bid was accepted, frozen with the statement; null without one. */
  repositoryReport: z
    .object({
      status: z.enum(repositoryReportStatuses),
      commit: z.string().nullable(),
      languages: z.array(z.object({ name: z.string(), lines: z.number().int(), share: z.number() })),
      linesOfCode: z.number().int(),
      files: z.number().int(),
      testFiles: z.number().int(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
});
export type StatementOfWork = z.infer<typeof statementOfWorkSchema>;
