import { Send, Star } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'react-router';
import type { SuggestedFinisher } from '#shared/contracts/finishers.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { errorMessage } from '#client/lib/api.js';
import { useInviteToBid, useProjectInvitations } from '#client/features/invitations/api.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { initialsOf } from '#client/lib/utils.js';
import { useSuggestedFinishers } from './api.js';

/** What the card says of a finisher's record: the server's figures, never recomputed here. */
export function suggestionRecord(finisher: Pick<SuggestedFinisher, 'rating' | 'reviewCount' | 'completedDeals' | 'onTimeRate'>): string[] {
  const parts = [
    finisher.rating === null
      ? 'No reviews yet'
      : `${finisher.rating.toFixed(1)} from ${finisher.reviewCount} ${finisher.reviewCount === 1 ? 'review' : 'reviews'}`,
    `${finisher.completedDeals} completed ${finisher.completedDeals === 1 ? 'deal' : 'deals'}`,
  ];
  if (finisher.onTimeRate !== null) parts.push(`${finisher.onTimeRate}% on time`);
  return parts;
}

interface ItemProps {
  finisher: SuggestedFinisher;
  isInvited: boolean;
  isInviting: boolean;
  onInvite: () => void;
}

function SuggestedFinisherItem({ finisher, isInvited, isInviting, onInvite }: ItemProps) {
  const [rating, ...rest] = suggestionRecord(finisher);
  return (
    <li className="flex flex-wrap items-start gap-3">
      <Avatar className="size-9">
        {finisher.avatarUrl ? <AvatarImage src={finisher.avatarUrl} alt="" /> : null}
        <AvatarFallback className="text-xs">{initialsOf(finisher.username)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 gap-1">
        <Link to={`/developers/${encodeURIComponent(finisher.username)}`} className="truncate font-medium text-primary underline-offset-4 hover:underline">
          {finisher.username}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden="true" className="size-3" /> {rating}
          </span>
          {rest.map((part) => (
            <span key={part}>· {part}</span>
          ))}
        </p>
        <ul aria-label={`Skills ${finisher.username} shares with the project`} className="flex flex-wrap gap-1">
          {finisher.matchedSkills.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary">{skill}</Badge>
            </li>
          ))}
        </ul>
      </div>
      <div className="ml-auto">
        {isInvited ? (
          <Badge variant="success">Invited</Badge>
        ) : (
          <Button size="sm" variant="outline" onClick={onInvite} disabled={isInviting} aria-label={`Invite ${finisher.username} to bid`}>
            <Send aria-hidden="true" /> Invite
          </Button>
        )}
      </div>
    </li>
  );
}

/** On the owner's open project page: finishers who list its technologies, in the server's order. */
export function SuggestedFinishersCard({ projectId, enabled }: { projectId: number; enabled: boolean }) {
  const { data: suggested } = useSuggestedFinishers(projectId, enabled);
  const { data: invitations } = useProjectInvitations(projectId, enabled);
  const invite = useInviteToBid();
  if (!enabled || !suggested) return null;
  const invited = new Set((invitations ?? []).map((invitation) => invitation.developer.id));
  const inviteOne = (developerId: number) =>
    invite.mutate(
      { projectId, developerId },
      { onError: (error) => toast.error('The invitation was not sent', { description: errorMessage(error, 'Please try again later') }) },
    );
  return (
    <Card role="region" aria-labelledby="suggested-finishers-title">
      <CardHeader>
        <CardTitle id="suggested-finishers-title" className="text-lg">
          Suggested finishers
        </CardTitle>
        <CardDescription>
          Developers who list this project's technologies, ranked by skills shared, rating, completed deals, on-time delivery and recent activity.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {suggested.length === 0 ? (
          <p className="text-sm text-muted-foreground">No developer lists these technologies yet.</p>
        ) : (
          <ol className="grid gap-4">
            {suggested.map((finisher) => (
              <SuggestedFinisherItem
                key={finisher.id}
                finisher={finisher}
                isInvited={invited.has(finisher.id)}
                isInviting={invite.isPending && invite.variables.developerId === finisher.id}
                onInvite={() => inviteOne(finisher.id)}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
