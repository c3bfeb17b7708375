import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, LoaderCircle, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { FINISHER_SHARE_PERCENT } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { currentUserKey, useUser } from '#client/lib/auth.js';
import { signInPath } from '#client/lib/return-path.js';
import { useOnboardingStatus, useStartOnboarding } from '#client/features/payments/api.js';
import { isApiError } from '#client/lib/api.js';

type ReturnState = { kind: 'loading' } | { kind: 'success' } | { kind: 'refresh' } | { kind: 'error'; message: string | null };

const UNKNOWN_ERROR = 'An unknown error occurred during the onboarding process.';
/** The profile, opened on the Skills tab where Payment Settings live. */
const PROFILE_PAYMENT_SETTINGS = '/profile?tab=skills';

/**
 * Where payout onboarding comes back to, with ?outcome=success or ?outcome=refresh (spec section 4
 * "Onboarding return states"). Protected, but a visitor goes to /login rather than /auth.
 */
export default function OnboardingRedirectPage() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (!user) return <Navigate to={signInPath(location, '/login')} replace />;
  return <OnboardingReturn userId={user.id} email={user.email} />;
}

function OnboardingReturn({ userId, email }: { userId: number; email: string }) {
  const [searchParams] = useSearchParams();
  const outcome = searchParams.get('outcome');
  const queryClient = useQueryClient();
  const status = useOnboardingStatus(userId, outcome === 'success');
  const startOnboarding = useStartOnboarding();
  const [resumeError, setResumeError] = useState<string | null>(null);
  const hasRefreshedUser = useRef(false);

  const state = returnState(outcome, status, resumeError);

  // The check recorded onboardingComplete on the server; the cached current user has to catch up.
  useEffect(() => {
    if (state.kind !== 'success' || hasRefreshedUser.current) return;
    hasRefreshedUser.current = true;
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [state.kind, queryClient]);

  const resume = () =>
    startOnboarding.mutate(
      { id: userId, email },
      { onError: (error) => setResumeError(isApiError(error) ? 'Failed to create onboarding link' : 'Failed to refresh onboarding') },
    );

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <Card className="text-center" aria-live="polite">
        {state.kind === 'loading' ? (
          <CardContent className="flex flex-col items-center gap-4 py-10">
            <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-muted-foreground" />
            <p className="font-medium">Checking your payout account...</p>
          </CardContent>
        ) : state.kind === 'success' ? (
          <>
            <CardHeader className="items-center">
              <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600" />
              <CardTitle as="h1" className="text-2xl">
                Payout account ready
              </CardTitle>
              <CardDescription>
                Your onboarding is complete. You will receive {FINISHER_SHARE_PERCENT}% of the payment for every project you finish.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild>
                <Link to={PROFILE_PAYMENT_SETTINGS}>Go to Profile</Link>
              </Button>
            </CardContent>
          </>
        ) : state.kind === 'refresh' ? (
          <>
            <CardHeader className="items-center">
              <RotateCcw aria-hidden="true" className="size-12 text-amber-600" />
              <CardTitle as="h1" className="text-2xl">
                Onboarding not finished
              </CardTitle>
              <CardDescription>Your payout account setup is incomplete or the link expired. Continue where you left off.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap justify-center gap-3">
              <Button onClick={resume} disabled={startOnboarding.isPending || startOnboarding.isSuccess}>
                {startOnboarding.isPending || startOnboarding.isSuccess ? 'Redirecting...' : 'Resume onboarding'}
              </Button>
              <Button asChild variant="outline">
                <Link to={PROFILE_PAYMENT_SETTINGS}>Back to Profile</Link>
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader className="items-center">
              <AlertTriangle aria-hidden="true" className="size-12 text-destructive" />
              <CardTitle as="h1" className="text-2xl">
                Onboarding error
              </CardTitle>
              <CardDescription role="alert">{state.message ?? UNKNOWN_ERROR}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link to={PROFILE_PAYMENT_SETTINGS}>Back to Profile</Link>
              </Button>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}

function returnState(
  outcome: string | null,
  status: { isPending: boolean; isError: boolean; data?: { isComplete: boolean } },
  resumeError: string | null,
): ReturnState {
  if (resumeError) return { kind: 'error', message: resumeError };
  if (outcome === 'refresh') return { kind: 'refresh' };
  if (outcome !== 'success') return { kind: 'error', message: 'Invalid redirect parameters' };
  if (status.isError) return { kind: 'error', message: 'Failed to check onboarding status' };
  if (status.isPending || !status.data) return { kind: 'loading' };
  return status.data.isComplete ? { kind: 'success' } : { kind: 'refresh' };
}
