import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { errorMessage } from '#client/lib/api.js';
import { useEmailCategories, useEmailPreferences, useUpdateEmailPreferences } from './api.js';

/** The anchor the unsubscribe page and the mails link to. */
const emailPreferencesAnchor = 'email-preferences';

/** One box per kind of mail a person can turn off (as the server registered them); each change is saved at once. */
export function EmailPreferencesCard({ userId }: { userId: number }) {
  const categories = useEmailCategories();
  const preferences = useEmailPreferences(userId);
  const update = useUpdateEmailPreferences(userId);
  const save = (category: string, isOn: boolean) => update.mutate({ category, isOn });
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const isLoaded = preferences.isSuccess && categories.isSuccess;
  // The unsubscribe page and every deal mail link to #email-preferences: bring the boxes into view once they are there.
  useEffect(() => {
    if (isLoaded && hash === `#${emailPreferencesAnchor}`) card.current?.scrollIntoView({ block: 'start' });
  }, [isLoaded, hash]);

  return (
    <Card ref={card} id={emailPreferencesAnchor} aria-labelledby="email-preferences-title" role="region" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="email-preferences-title">Email preferences</CardTitle>
        <CardDescription>Which emails about your deals you get. Password reset and security emails always arrive.</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isError || categories.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(preferences.error ?? categories.error, 'Could not load your email preferences')}
          </p>
        ) : !preferences.isSuccess || !categories.isSuccess ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <fieldset className="grid gap-4">
            <legend className="sr-only">Email me about</legend>
            {categories.data
              .filter((category) => category.canTurnOff)
              .map(({ id, label, description, isOnByDefault }) => (
                <div key={id} className="flex items-start gap-3">
                  <input
                    id={`email-${id}`}
                    type="checkbox"
                    className="mt-1 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    checked={preferences.data[id] ?? isOnByDefault}
                    onChange={(event) => save(id, event.target.checked)}
                    aria-describedby={`email-${id}-description`}
                  />
                  <div className="grid gap-0.5">
                    <label htmlFor={`email-${id}`} className="font-medium">
                      {label}
                    </label>
                    <p id={`email-${id}-description`} className="text-sm text-muted-foreground">
                      {description}
                    </p>
                  </div>
                </div>
              ))}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
