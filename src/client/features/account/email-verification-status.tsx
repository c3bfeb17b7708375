import { MailCheck } from 'lucide-react';
import type { User } from '#shared/contracts/users.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { useResendEmailVerification } from './api.js';

/**
 * Beside the profile's email (decision 036): "Email verified", or why it is not yet and a button
 * that mails a new link. A pending new address is named until its link is opened.
 */
export function EmailVerificationStatus({ user }: { user: Pick<User, 'email' | 'emailVerified' | 'pendingEmail'> }) {
  const resend = useResendEmailVerification();
  const isWaiting = user.pendingEmail !== null || !user.emailVerified;
  return (
    <div className="mt-2 grid gap-2">
      {user.emailVerified ? (
        <Badge variant="success">
          <MailCheck aria-hidden="true" /> Email verified
        </Badge>
      ) : (
        <Badge variant="warning">Email not verified</Badge>
      )}
      {user.pendingEmail ? (
        <p className="text-sm text-muted-foreground">
          Changing to <span className="font-medium text-foreground break-all">{user.pendingEmail}</span>: open the link we sent there to confirm it.
        </p>
      ) : !user.emailVerified ? (
        <p className="text-sm text-muted-foreground">Open the link we emailed you to confirm your address. Payouts need a confirmed address.</p>
      ) : null}
      {isWaiting ? (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
