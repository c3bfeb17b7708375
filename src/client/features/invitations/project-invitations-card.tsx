import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { useProjectInvitations } from './api.js';
import { invitationStatusText } from './invitation-status.js';

/** The owner's project page: the developers they invited to bid, and whether each has bid; nothing before the first. */
export function ProjectInvitationsCard({ projectId, enabled }: { projectId: number; enabled: boolean }) {
  const { data: invitations } = useProjectInvitations(projectId, enabled);
  if (!enabled || !invitations || invitations.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="project-invitations-title" className="gap-4">
      <CardHeader>
        <CardTitle id="project-invitations-title" className="text-lg">
          Invited developers
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2">
              <Link
                to={`/developers/${encodeURIComponent(invitation.developer.username)}`}
                className="min-w-0 truncate text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {invitation.developer.username}
              </Link>
              <Badge variant={invitation.status === 'bid' ? 'success' : 'secondary'}>{invitationStatusText.owner[invitation.status]}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
