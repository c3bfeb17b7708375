import type { CriterionAnswerBody } from '#shared/contracts/bids.js';
import type { CriterionAnswerEntry } from '#shared/domain/scope.js';
import { AppError } from '#server/app-error.js';
import type { Criterion } from '#server/features/scope/scope.service.js';

/**
 * A bid answers each of the project's acceptance criteria (issue 18, item 2): every criterion once,
 * none of another project's. A project without criteria takes bids without answers, as before.
 */
export function checkCriteriaAnswers(criteria: readonly Criterion[], answers: readonly CriterionAnswerBody[] | undefined): CriterionAnswerEntry[] {
  const given = answers ?? [];
  const ids = new Set(criteria.map((c) => c.id));
  const stranger = given.find((a) => !ids.has(a.criterionId));
  if (stranger) throw new AppError('VALIDATION_FAILED', `Criterion ${stranger.criterionId} is not one of this project's acceptance criteria`);
  const answered = new Set(given.map((a) => a.criterionId));
  const missing = criteria.filter((c) => !answered.has(c.id));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Answer every acceptance criterion: ${missing.length === 1 ? 'one is' : `${missing.length} are`} not answered`);
  }
  // In the project's order, notes only where they say something.
  return criteria.map((c) => {
    const a = given.find((entry) => entry.criterionId === c.id)!;
    return a.note ? { criterionId: c.id, answer: a.answer, note: a.note } : { criterionId: c.id, answer: a.answer };
  });
}
