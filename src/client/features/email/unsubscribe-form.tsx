import { Link } from 'react-router';
import { readUnsubscribeToken } from '#shared/domain/email-categories.js';
import { Button } from '#client/components/ui/button.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { errorMessage } from '#client/lib/api.js';
import { useEmailCategories, useUnsubscribe } from './api.js';

const preferencesLink = '/profile?tab=security#email-preferences';

function PreferencesLink() {
  return (
    <Link to={preferencesLink} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      Change your email preferences
    </Link>
  );
}

/**
 * What the emailed link will turn off, and a button that does it. Opening the link changes
 * nothing (mail scanners follow links); only the button's POST does.
 */
export function UnsubscribeForm({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  const categories = useEmailCategories();
  const parts = readUnsubscribeToken(token);
  // The kinds of mail are the server's registry's: a token of a kind it does not list (or cannot turn off) is no link of ours.
  if (parts && categories.isPending) return <Skeleton className="h-24 w-full" />;
  if (parts && categories.isError) {
    return (
      <div className="grid gap-4">
        <p role="alert">{errorMessage(categories.error, 'Could not load this page')}</p>
        <PreferencesLink />
      </div>
    );
  }
  const category = categories.data?.find((c) => c.id === parts?.category && c.canTurnOff);

  if (!parts || !category) {
    return (
      <div className="grid gap-4">
        <p role="alert">This unsubscribe link is not valid. Open the link from the email again, or change your email preferences on your profile.</p>
        <PreferencesLink />
      </div>
    );
  }

  const { label, description } = category;
  if (unsubscribe.isSuccess) {
    return (
      <div className="grid gap-4">
        <p role="status">{unsubscribe.data.message} You can turn them back on at any time.</p>
        <PreferencesLink />
      </div>
    );
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        unsubscribe.mutate(token);
      }}
    >
      <p>
        This turns off <strong>{label.toLowerCase()}</strong> emails: {description.charAt(0).toLowerCase() + description.slice(1)}
      </p>
      {unsubscribe.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(unsubscribe.error, 'Could not turn these emails off')}
        </p>
      ) : null}
      <Button type="submit" disabled={unsubscribe.isPending} className="w-full sm:w-auto sm:justify-self-start">
        Turn off {label.toLowerCase()} emails
      </Button>
      <PreferencesLink />
    </form>
  );
}
