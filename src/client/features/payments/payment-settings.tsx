import { useQueryClient } from '@tanstack/react-query';
import { Banknote, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { FINISHER_SHARE_PERCENT, PLATFORM_FEE_PERCENT } from '#shared/domain/money.js';
import { isFinisher } from '#shared/domain/roles.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { currentUserKey, useUser } from '#client/lib/auth.js';
import { useOnboardingStatus, useStartOnboarding } from './api.js';

/**
 * Payment Settings of the profile's Skills tab (finishers only): payout onboarding status and the
 * button that starts or resumes it. A finisher with a connected account has the status checked on
 * mount; a failed check is only logged (spec section 8).
 */
export function PaymentSettings() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const isShown = user !== null && isFinisher(user.role);
  const hasAccount = Boolean(user?.stripeConnectAccountId);
  const status = useOnboardingStatus(user?.id, isShown && hasAccount);
  const startOnboarding = useStartOnboarding();
  const hasRefreshedUser = useRef(false);

  useEffect(() => {
    if (status.error) console.error('Failed to check onboarding status', status.error);
  }, [status.error]);

  // The check is what records a finished onboarding on the server, so the cached user is now stale.
  useEffect(() => {
    if (!status.data?.isComplete || user?.onboardingComplete || hasRefreshedUser.current) return;
    hasRefreshedUser.current = true;
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [status.data, user?.onboardingComplete, queryClient]);

  if (!isShown) return null;

  // Without a connected account there is nowhere to send a payout, whatever the flag says.
  const isComplete = hasAccount && (status.data?.isComplete ?? user.onboardingComplete);
  const isRedirecting = startOnboarding.isPending || startOnboarding.isSuccess;
  const start = () =>
    startOnboarding.mutate(user, {
      onError: () => toast.error('Failed to create a connected payment account. Please try again.'),
    });

  return (
    <Card role="region" aria-labelledby="payment-settings-title" className="gap-4">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="payment-settings-title" className="flex items-center gap-2">
            <Banknote aria-hidden="true" className="size-5" /> Payouts
          </CardTitle>
          <div className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">Onboarding status</span>
            {status.isFetching ? <LoaderCircle aria-label="Checking onboarding status" className="size-4 animate-spin text-muted-foreground" /> : null}
            <Badge variant={isComplete ? 'success' : 'warning'}>{isComplete ? 'Complete' : 'Incomplete'}</Badge>
          </div>
        </div>
        <CardDescription>
          Finishers receive {FINISHER_SHARE_PERCENT}% of project payments; the platform keeps a {PLATFORM_FEE_PERCENT}% fee. Payouts go to the bank account you
          connect with our payment provider.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isComplete ? (
          <p className="text-sm text-muted-foreground">Your payout account is ready. Payments for accepted work are sent to it automatically.</p>
        ) : (
          <>
            {user.emailVerified ? null : (
              // The server refuses payout setup before the address is confirmed (decision 036).
              <p className="text-sm font-medium text-amber-800" role="status">
                Confirm your email address to set up payouts: open the link we emailed you, or send a new one from the Profile tab.
              </p>
            )}
            <p className="text-sm text-muted-foreground">
              {hasAccount
                ? 'Your payout account setup is not finished yet. Pick up where you left off to start receiving payouts.'
                : 'Set up a payout account to receive the money for the projects you finish.'}
            </p>
            <div>
              <Button onClick={start} disabled={isRedirecting || !user.emailVerified}>
                {isRedirecting ? 'Redirecting...' : hasAccount ? 'Resume onboarding' : 'Set up payouts'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
