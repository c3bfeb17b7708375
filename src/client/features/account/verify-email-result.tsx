import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '#client/components/ui/spinner.js';
import { errorMessage } from '#client/lib/api.js';
import { useConfirmEmailVerification } from './api.js';

const linkClass = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * Confirms the address as soon as the page opens, once (a second request with the same token
 * would find it used), and shows the outcome. Whoever opens the link need not be signed in.
 */
export function VerifyEmailResult({ token }: { token: string }) {
  const confirm = useConfirmEmailVerification();
  const hasStarted = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (hasStarted.current || !token) return;
    hasStarted.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return (
      <div className="grid gap-4">
        <p role="alert">This confirmation link is incomplete. Open the link from the email again, or send a new one from your profile.</p>
        <Link to="/profile" className={linkClass}>
          Go to your profile
        </Link>
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="grid gap-4">
        <p role="status" className="font-medium">
          {confirm.data.message}
        </p>
        <p className="text-sm text-muted-foreground">You can now set up payouts from your profile.</p>
        <Link to="/profile" className={linkClass}>
          Go to your profile
        </Link>
      </div>
    );
  }
  if (confirm.isError) {
    return (
      <div className="grid gap-4">
        <p role="alert">{errorMessage(confirm.error, 'Your email address could not be confirmed. Please try again.')}</p>
        <Link to="/profile" className={linkClass}>
          Send a new link from your profile
        </Link>
      </div>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner label="Confirming your email address" />
      <span aria-hidden="true">Confirming your email address...</span>
    </p>
  );
}
