import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { type EmailCategory, emailCategories, emailCategoryText } from '#shared/domain/email-categories.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { errorMessage } from '#client/lib/api.js';
import { useEmailPreferences, useUpdateEmailPreferences } from './api.js';

/** The anchor the unsubscribe page and the mails link to. */
const emailPreferencesAnchor = 'email-preferences';

/** Three boxes, one per kind of deal mail; each change is saved at once. */
export function EmailPreferencesCard({ userId }: { userId: number }) {
  const preferences = useEmailPreferences(userId);
  const update = useUpdateEmailPreferences(userId);
  const save = (category: EmailCategory, isOn: boolean) => update.mutate({ [category]: isOn });
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const isLoaded = preferences.isSuccess;
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
        {preferences.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(preferences.error, 'Could not load your email preferences')}
          </p>
        ) : (
          <fieldset className="grid gap-4">
            <legend className="sr-only">Email me about</legend>
            {emailCategories.map((category) => (
              <div key={category} className="flex items-start gap-3">
                <input
                  id={`email-${category}`}
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  checked={preferences.data[category]}
                  onChange={(event) => save(category, event.target.checked)}
                  aria-describedby={`email-${category}-description`}
                />
                <div className="grid gap-0.5">
                  <label htmlFor={`email-${category}`} className="font-medium">
                    {emailCategoryText[category].label}
                  </label>
                  <p id={`email-${category}-description`} className="text-sm text-muted-foreground">
                    {emailCategoryText[category].description}
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
