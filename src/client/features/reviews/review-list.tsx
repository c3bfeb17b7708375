import type { Review } from '#shared/contracts/reviews.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { LocalTime } from '#client/components/local-time.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { initialsOf } from '#client/lib/utils.js';
import { StarRating } from '#client/components/ui/star-rating.js';

/** Reviews with their stars, comment, reviewer, project and relative date. */
export function ReviewList({ reviews, showProject = true }: { reviews: readonly Review[]; showProject?: boolean }) {
  return (
    <ul className="grid gap-4" aria-label="Reviews">
      {reviews.map((review) => (
        <li key={review.id} className="grid gap-2 rounded-lg border p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <Avatar className="size-7">
                {review.reviewer.avatarUrl ? <AvatarImage src={review.reviewer.avatarUrl} alt="" /> : null}
                <AvatarFallback className="text-[10px]">{initialsOf(review.reviewer.username)}</AvatarFallback>
              </Avatar>
              <span className="text-sm font-medium">{review.reviewer.username}</span>
              <StarRating rating={review.rating} />
            </div>
            <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
              <RelativeDate value={review.createdAt} />
            </time>
          </div>
          {review.comment ? <p className="text-sm whitespace-pre-line">{review.comment}</p> : null}
          {review.revealedAt === null && review.revealsAt ? (
            <p className="text-xs text-muted-foreground">
              Only you can see this review until the other party leaves theirs, or until <LocalTime value={review.revealsAt} />.
            </p>
          ) : null}
          {showProject ? <p className="text-xs text-muted-foreground">Project: {review.projectName}</p> : null}
        </li>
      ))}
    </ul>
  );
}
