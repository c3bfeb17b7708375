import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/domain/money.js';
import { Badge } from '#client/components/ui/badge.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { LocalTime } from '#client/components/local-time.js';
import { useUserInvitations } from './api.js';
import { invitationStatusText } from './invitation-status.js';

/** A developer's dashboard: the owners who invited them to bid, newest first; nothing before the first. */
export function InvitationsCard({ userId }: { userId: number }) {
  const { data: invitations } = useUserInvitations(userId);
  if (!invitations || invitations.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="invitations-title" className="gap-4">
      <CardHeader>
        <CardTitle id="invitations-title" className="flex items-center gap-2 text-lg">
          <Mail aria-hidden="true" className="size-5" /> Invitations to bid
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="grid gap-1">
              <Link to={`/projects/${invitation.project.id}`} className="font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline">
                {invitation.project.name}
              </Link>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                <span>From {invitation.owner.username}</span>
                {invitation.project.budgetCents !== null ? <span>· Budget {formatMoney(invitation.project.budgetCents)}</span> : null}
                <span>
                  · <LocalTime value={invitation.createdAt} />
                </span>
                <Badge variant={invitation.status === 'open' ? 'default' : 'secondary'}>{invitationStatusText.developer[invitation.status]}</Badge>
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
