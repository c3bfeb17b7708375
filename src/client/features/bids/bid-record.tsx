import type { Bid, FinisherRecord } from '#shared/contracts/bids.js';
import type { AcceptanceCriterion } from '#shared/contracts/projects.js';
import { criterionAnswerLabels } from '#shared/domain/scope.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { StarRating } from '#client/components/ui/star-rating.js';

const memberSince = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The finisher's avatar beside their name. */
export function FinisherAvatar({ bid }: { bid: Bid }) {
  return (
    <Avatar className="size-10">
      {bid.finisher.avatarUrl ? <AvatarImage src={bid.finisher.avatarUrl} alt="" /> : null}
      <AvatarFallback>{bid.developerUsername.slice(0, 2).toUpperCase()}</AvatarFallback>
    </Avatar>
  );
}

/**
 * What an owner weighs (issue 18, item 9): rating and reviews, completed projects, the on-time rate
 * of those completed deals (first deliveries made by the deal clock's delivery deadline) and when the finisher joined.
 */
export function FinisherRecordLine({ record }: { record: FinisherRecord }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Developer record">
      <div className="flex items-center gap-1">
        <dt className="sr-only">Rating</dt>
        <dd className="flex items-center gap-1">
          {record.averageRating !== null ? <StarRating rating={record.averageRating} className="[&_svg]:size-3" /> : 'No rating yet'}
          <span>
            ({record.reviewCount} {record.reviewCount === 1 ? 'review' : 'reviews'})
          </span>
        </dd>
      </div>
      <div className="flex gap-1">
        <dt>Completed:</dt>
        <dd>{record.completedProjects}</dd>
      </div>
      <div className="flex gap-1">
        <dt>On time:</dt>
        <dd>{record.onTimeRate === null ? 'No completed deals yet' : `${record.onTimeRate}%`}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Member since</dt>
        <dd>{memberSince(record.memberSince)}</dd>
      </div>
    </dl>
  );
}

/** The bid's answers beside the criteria they answer (issue 18, item 2). */
export function BidAnswers({ bid, criteria }: { bid: Bid; criteria: readonly AcceptanceCriterion[] }) {
  const answers = bid.criteriaAnswers ?? [];
  if (criteria.length === 0) return null;
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Answers to the acceptance criteria">
      {criteria.map((criterion) => {
        const answer = answers.find((a) => a.criterionId === criterion.id);
        return (
          <li key={criterion.id} className="grid gap-0.5 rounded-md bg-muted/50 px-3 py-2">
            <span>{criterion.text}</span>
            <span className="text-muted-foreground">
              <span className="font-medium text-foreground">{answer ? criterionAnswerLabels[answer.answer] : 'Not answered'}</span>
              {answer?.note ? `: ${answer.note}` : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
