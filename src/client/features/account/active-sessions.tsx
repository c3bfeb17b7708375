import { Laptop, Smartphone } from 'lucide-react';
import type { Session } from '#shared/contracts/account.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { errorMessage } from '#client/lib/api.js';
import { describeDevice, isMobileDevice } from './describe-device.js';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './api.js';

function SessionItem({ session, onSignOut, isBusy }: { session: Session; onSignOut: () => void; isBusy: boolean }) {
  const device = describeDevice(session.userAgent);
  const DeviceIcon = isMobileDevice(session.userAgent) ? Smartphone : Laptop;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <DeviceIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {device}
            {session.current ? <Badge variant="success">This device</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {session.ipAddress ?? 'Unknown address'} · Signed in <RelativeDate value={session.createdAt} /> · Last active{' '}
            <RelativeDate value={session.lastSeenAt} />
          </p>
        </div>
      </div>
      {session.current ? null : (
        // The accessible name starts with the visible text and says which device, since every row has this button.
        <Button variant="outline" size="sm" aria-label={`Sign out ${device}`} disabled={isBusy} onClick={onSignOut}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Every device signed in to this account, this one marked, with sign-out per device and for all the others. */
export function ActiveSessions() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.isPending) return <Skeleton className="h-24 w-full" />;
  if (sessions.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(sessions.error, 'Could not load your sessions')}
      </p>
    );

  const hasOthers = sessions.data.some((s) => !s.current);
  return (
    <div className="grid gap-4">
      <ul aria-label="Active sessions" className="divide-y">
        {sessions.data.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            isBusy={revoke.isPending && revoke.variables === session.id}
            onSignOut={() => revoke.mutate(session.id)}
          />
        ))}
      </ul>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="w-fit" disabled={!hasOthers || revokeOthers.isPending}>
            Sign out everywhere else
          </Button>
        }
        title="Sign out everywhere else?"
        description="Every other device signed in to your account will be signed out. This device stays signed in."
        confirmLabel="Sign out everywhere else"
        destructive
        onConfirm={() => revokeOthers.mutate()}
      />
    </div>
  );
}
