import type { UseFormReturn } from 'react-hook-form';
import type { PlaceBidBody, PlaceBidInput } from '#shared/contracts/bids.js';
import type { AcceptanceCriterion } from '#shared/contracts/projects.js';
import { criterionAnswerLabels, criterionAnswers } from '#shared/domain/scope.js';
import { FieldError } from '#client/components/ui/field-error.js';
import { Label } from '#client/components/ui/label.js';
import { Textarea } from '#client/components/ui/textarea.js';

/** A bid's answer to each acceptance criterion (issue 18, item 2): agree, or clarify / exclude with a note. */
export function CriteriaAnswersFields({
  criteria,
  form,
}: {
  criteria: readonly AcceptanceCriterion[];
  form: UseFormReturn<PlaceBidBody, unknown, PlaceBidInput>;
}) {
  const answers = form.watch('criteriaAnswers') ?? [];
  const errors = form.formState.errors.criteriaAnswers;
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium">Acceptance criteria</p>
      {criteria.map((criterion, index) => {
        const answer = answers[index]?.answer ?? 'agree';
        const noteError = errors?.[index]?.note?.message;
        const noteId = `bid-criterion-${criterion.id}-note`;
        return (
          <fieldset key={criterion.id} className="grid min-w-0 gap-2 rounded-md border p-3">
            <legend className="px-1 text-sm">{criterion.text}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {criterionAnswers.map((value) => (
                <label key={value} className="flex items-center gap-1.5 text-sm">
                  <input type="radio" value={value} className="size-4 accent-primary" {...form.register(`criteriaAnswers.${index}.answer`)} />
                  {criterionAnswerLabels[value]}
                </label>
              ))}
            </div>
            {answer !== 'agree' ? (
              <div className="grid gap-1">
                <Label htmlFor={noteId}>{answer === 'clarify' ? 'What you would clarify' : 'Why you exclude it'}</Label>
                <Textarea
                  id={noteId}
                  rows={2}
                  aria-invalid={noteError ? true : undefined}
                  aria-describedby={noteError ? `${noteId}-error` : undefined}
                  {...form.register(`criteriaAnswers.${index}.note`)}
                />
                <FieldError id={`${noteId}-error`} message={noteError} />
              </div>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}
