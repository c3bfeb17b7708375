import { Share2 } from 'lucide-react';
import { toast } from 'sonner';
import type { User } from '#shared/contracts/users.js';
import { isFinisher, roleLabel } from '#shared/domain/roles.js';
import type { DealRecord } from '#shared/contracts/disputes.js';
import { DealRecordLine } from '#client/components/deal-record.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent } from '#client/components/ui/card.js';
import { initialsOf } from '#client/lib/utils.js';

export function publicProfilePath(username: string): string {
  return `/developers/${encodeURIComponent(username)}`;
}

async function copyPublicProfileLink(username: string) {
  const url = `${window.location.origin}${publicProfilePath(username)}`;
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Profile link copied');
  } catch {
    // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
    toast.error('Could not copy the link', { description: url });
  }
}

/**
 * Who this is: avatar, username, role badge and email; finishers also get the share button (spec
 * section 6) and the deal record their public profile shows (issue 15).
 */
export function ProfileHeader({ user, dealRecord }: { user: User; dealRecord?: DealRecord }) {
  const canShare = isFinisher(user.role);
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar className="size-20">
          {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt={`${user.username}'s avatar`} /> : null}
          <AvatarFallback className="text-2xl">{initialsOf(user.username)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="max-w-full min-w-0 truncate text-2xl font-bold tracking-tight">{user.username}</h1>
            <Badge variant="secondary">{roleLabel(user.role)}</Badge>
          </div>
          <p className="mt-1 truncate text-sm text-muted-foreground">{user.email}</p>
          <div className="mt-2">
            <DealRecordLine record={dealRecord} />
          </div>
        </div>
        {canShare ? (
          <div className="grid gap-1.5 sm:justify-items-end">
            <Button type="button" variant="outline" onClick={() => void copyPublicProfileLink(user.username)} aria-describedby="public-profile-hint">
              <Share2 aria-hidden="true" /> Share public profile
            </Button>
            <p id="public-profile-hint" className="text-xs text-muted-foreground">
              Your public profile: <code className="font-mono break-all">{publicProfilePath(user.username)}</code>
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
