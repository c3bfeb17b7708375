import { useState } from 'react';
import { timeZoneNames } from '#shared/domain/time-zone.js';
import { Button } from '#client/components/ui/button.js';
import { Label } from '#client/components/ui/label.js';
import { SubmitButton } from '#client/components/ui/submit-button.js';
import { useUser } from '#client/lib/auth.js';
import { readerTimeZone } from '#client/lib/format.js';
import { useChangeTimeZone } from './api.js';

/**
 * The zone mail gives dates in (decision 048): set from the browser at registration, chosen here.
 * The screens always show the browser's zone; this one is for what is read away from them.
 */
export function TimeZoneForm() {
  const { user } = useUser();
  const change = useChangeTimeZone();
  const saved = user?.timeZone ?? 'UTC';
  const [choice, setChoice] = useState<string | null>(null);
  const value = choice ?? saved;
  const browserZone = readerTimeZone();
  const zones = timeZoneNames();
  const options = zones.includes(value) ? zones : [value, ...zones];

  const save = (timeZone: string) => change.mutate({ timeZone }, { onSuccess: () => setChoice(null) });

  return (
    <form
      className="grid max-w-md gap-3"
      aria-label="Time zone"
      onSubmit={(event) => {
        event.preventDefault();
        save(value);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="account-time-zone">Time zone</Label>
        <select
          id="account-time-zone"
          aria-describedby="account-time-zone-hint"
          value={value}
          onChange={(event) => setChoice(event.target.value)}
          className="h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id="account-time-zone-hint" className="text-xs break-words text-muted-foreground" data-testid="time-zone-hint">
          Emails give dates in {saved}. This browser shows times in {browserZone}.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton className="w-fit" isPending={change.isPending} pendingText="Saving..." disabled={value === saved}>
          Save time zone
        </SubmitButton>
        {browserZone !== saved ? (
          <Button type="button" variant="outline" className="w-fit" onClick={() => save(browserZone)} disabled={change.isPending}>
            Use this browser's zone
          </Button>
        ) : null}
      </div>
    </form>
  );
}
