import { dealReasonLimits } from '#shared/domain/deal.js';
import { TextPromptDialog, type TextPromptDialogProps } from '#client/components/text-prompt-dialog.js';
import { formatCount } from '#shared/domain/counts.js';

const { min: MIN, max: MAX } = dealReasonLimits;
const maxText = formatCount(MAX);

/**
 * The problem with a reason, in the contract's words (dealReasonSchema in shared/contracts/deal.schemas.ts),
 * or undefined when it is between 10 and 2,000 characters once trimmed.
 */
export function reasonProblem(what: string, text: string): string | undefined {
  const length = text.trim().length;
  if (length < MIN) return `Please give a reason for the ${what} of at least ${MIN} characters`;
  if (length > MAX) return `The reason for the ${what} must be at most ${maxText} characters`;
  return undefined;
}

const counter = (text: string) => `${MIN} to ${maxText} characters (${formatCount(text.trim().length)}/${maxText})`;

type ReasonDialogProps = Omit<TextPromptDialogProps, 'problemOf' | 'hint' | 'rows'> & {
  /** What the reason is for, as the contract's messages name it: 'revision', 'objection'. */
  what: string;
  /** A further check before the reason's own (the revision's unmet criteria). */
  otherProblem?: () => string | undefined;
};

/** A dialog that asks for a required reason of 10 to 2,000 characters: a revision request, an objection to a cancellation. */
export function ReasonDialog({ what, otherProblem, ...props }: ReasonDialogProps) {
  return <TextPromptDialog {...props} rows={5} problemOf={(text) => otherProblem?.() ?? reasonProblem(what, text)} hint={counter} />;
}
