import type { AttachmentSummary } from './attachments.js';
/**
 * The agreed scope of a deal (issue 18, docs/decisions/033-agreed-scope.md): the project's
 * acceptance criteria, how a bid answers each, and the statement of work frozen when a bid is accepted.
 */
export const criterionAnswers = ['agree', 'clarify', 'exclude'] as const;
export type CriterionAnswer = (typeof criterionAnswers)[number];

export interface CriterionAnswerEntry {
  criterionId: number;
  answer: CriterionAnswer;
  note?: string;
}

/** One agreed criterion in the frozen statement of work: its text and the accepted bid's answer. */
export interface AgreedCriterion {
  id: number;
  text: string;
  answer: CriterionAnswer | null;
  note: string | null;
}

export const criterionAnswerLabels: Record<CriterionAnswer, string> = { agree: 'Agree', clarify: 'Clarify', exclude: 'Exclude' };

/** What a deal history step records about the agreed criteria. */
export interface DealHistoryDetails {
  evidence?: { criterionId: number; note: string }[];
  /** A delivery's or a milestone completion's files (issue 32, item 2). */
  files?: AttachmentSummary[];
  unmetCriteria?: number[];
  /** The texts of unmetCriteria, in the same order, as they read when the revision was requested. */
  unmetCriteriaTexts?: string[];
}

/** The posting forms take criteria one per line: blank lines are dropped, each line trimmed. */
export const criteriaFromLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
