import { Star } from 'lucide-react';
import { useState } from 'react';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import type { Review } from '#shared/contracts/reviews.js';
import type { User } from '#shared/contracts/users.js';
import { isOwner } from '#shared/domain/policies.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Label } from '#client/components/ui/label.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { Textarea } from '#client/components/ui/textarea.js';
import { cn } from '#client/lib/utils.js';
import { ReviewList } from './review-list.js';
import { useProjectReviews, useSubmitReview, useUpdateReview } from './api.js';

const STARS = [1, 2, 3, 4, 5] as const;

function StarPicker({ value, onChange, disabled }: { value: number; onChange: (rating: number) => void; disabled?: boolean }) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <div role="group" aria-label="Rating" className="flex gap-1" onMouseLeave={() => setHovered(0)}>
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          disabled={disabled}
          aria-label={star === 1 ? '1 star' : `${star} stars`}
          aria-pressed={value === star}
          onClick={() => onChange(star)}
          onMouseEnter={() => setHovered(star)}
          className="rounded-sm p-0.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
        >
          <Star aria-hidden="true" className={cn('size-7 transition-colors', star <= shown ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/50')} />
        </button>
      ))}
    </div>
  );
}

interface ReviewFormProps {
  projectId: number;
  isViewerOwner: boolean;
  /** The viewer's hidden review, to change it; absent to write one. */
  editing?: Review;
  onDone?: () => void;
}

function ReviewForm({ projectId, isViewerOwner, editing, onDone }: ReviewFormProps) {
  const create = useSubmitReview(projectId);
  const update = useUpdateReview(projectId);
  const submit = editing ? update : create;
  const [rating, setRating] = useState(editing?.rating ?? 0);
  const [comment, setComment] = useState(editing?.comment ?? '');
  const title = editing ? 'Edit your review' : isViewerOwner ? 'Rate the developer' : 'Rate the client';
  return (
    <form
      aria-label={title}
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (rating < 1) return;
        const body = { rating, comment: comment.trim() || null };
        if (editing) update.mutate({ id: editing.id, body }, { onSuccess: onDone });
        else create.mutate(body);
      }}
    >
      <h3 className="text-sm font-semibold">{title}</h3>
      <StarPicker value={rating} onChange={setRating} disabled={submit.isPending} />
      <div className="grid gap-2">
        <Label htmlFor={`review-comment-${projectId}`}>Comment (optional)</Label>
        <Textarea
          id={`review-comment-${projectId}`}
          rows={3}
          maxLength={2000}
          value={comment}
          disabled={submit.isPending}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <div>
        <Button type="submit" disabled={rating < 1 || submit.isPending}>
          {submit.isPending ? <Spinner className="size-4 text-primary-foreground" label="Submitting" /> : null}
          {editing ? 'Save review' : 'Submit Review'}
        </Button>
        {editing ? (
          <Button type="button" variant="ghost" className="ml-2" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

interface ProjectReviewsPanelProps {
  project: ProjectDetail;
  user: User | null;
}

/**
 * Reviews of an accepted project, for its owner and its assigned finisher only: the reviews
 * given so far and, until the viewer has reviewed, the form to rate the other party.
 */
export function ProjectReviewsPanel({ project, user }: ProjectReviewsPanelProps) {
  // Shown from the deal's completion on, also after the viewer's own review (when the machine refuses a
  // second one), so that the reviews given stay on the page.
  const isShown = project.deal?.stage === 'completed' || (project.deal?.allowedActions.includes('leave_review') ?? false);
  const isViewerOwner = isOwner(user, project);
  const reviews = useProjectReviews(project.id, isShown);
  const [isEditing, setIsEditing] = useState(false);
  if (!user || !isShown) return null;

  const own = reviews.data?.find((review) => review.reviewer.id === user.id);
  const isOwnHidden = own !== undefined && own.revealedAt === null;
  return (
    <Card role="region" aria-labelledby={`project-${project.id}-reviews`} className="gap-4">
      <CardHeader>
        <CardTitle id={`project-${project.id}-reviews`}>Reviews</CardTitle>
        <CardDescription>
          {isViewerOwner ? `How did ${project.finisher?.username ?? 'the developer'} do?` : `How was working with ${project.submitter.username}?`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {reviews.isPending ? (
          <Spinner label="Loading reviews" />
        ) : (
          <>
            {reviews.data && reviews.data.length > 0 ? <ReviewList reviews={reviews.data} showProject={false} /> : null}
            {own && isEditing && isOwnHidden ? (
              <ReviewForm projectId={project.id} isViewerOwner={isViewerOwner} editing={own} onDone={() => setIsEditing(false)} />
            ) : own ? (
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-sm text-muted-foreground">Thanks, your review is in.</p>
                {isOwnHidden ? (
                  <Button type="button" variant="outline" size="sm" onClick={() => setIsEditing(true)}>
                    Edit review
                  </Button>
                ) : null}
              </div>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">
                  Reviews are double-blind: neither of you can read the other&apos;s review until both are written, or until the review period ends.
                </p>
                <ReviewForm projectId={project.id} isViewerOwner={isViewerOwner} />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
