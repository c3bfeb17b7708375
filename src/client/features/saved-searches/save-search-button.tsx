import { BellPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { dollarsToCents } from '#shared/domain/money.js';
import { describeSavedSearch } from '#shared/domain/saved-searches.js';
import { isFinisher } from '#shared/domain/roles.js';
import { Button } from '#client/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.js';
import { errorMessage } from '#client/lib/api.js';
import { useUser } from '#client/lib/auth.js';
import { useSaveSearch } from './api.js';

/** The browse filters a saved search keeps (budgets in whole dollars, as the browse URL carries them). */
export interface SearchFilters {
  q?: string;
  tech?: string[];
  minBudget?: number;
  maxBudget?: number;
}

const hasFilter = (f: SearchFilters) => Boolean(f.q?.trim()) || (f.tech?.length ?? 0) > 0 || f.minBudget !== undefined || f.maxBudget !== undefined;

/**
 * "Save this search" on the browse page, for a signed-in developer with at least one filter set:
 * choose to hear of each new match at once or in a daily digest. The server decides; a refusal
 * reads in the dialog.
 */
export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  const { user } = useUser();
  const [isOpen, setOpen] = useState(false);
  const [frequency, setFrequency] = useState<'instant' | 'daily'>('instant');
  const save = useSaveSearch(user?.id ?? 0);
  const errorId = useId();
  const name = useId();
  if (!user || !isFinisher(user.role) || !hasFilter(filters)) return null;
  const label = describeSavedSearch({
    q: filters.q?.trim() || null,
    tech: filters.tech ?? [],
    minBudgetCents: filters.minBudget === undefined ? null : dollarsToCents(filters.minBudget),
    maxBudgetCents: filters.maxBudget === undefined ? null : dollarsToCents(filters.maxBudget),
  });
  const choices = [
    { value: 'instant', label: 'At once', hint: 'A notification and an email for each new project.' },
    { value: 'daily', label: 'Daily digest', hint: 'A notification for each, and one email a day.' },
  ] as const;

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) save.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <BellPlus aria-hidden="true" /> Save this search
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save this search</DialogTitle>
          <DialogDescription>You will hear of each new project matching {label}.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2" aria-describedby={save.isError ? errorId : undefined}>
          <legend className="mb-1 text-sm font-medium">Emails</legend>
          {choices.map((choice) => (
            <label key={choice.value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={frequency === choice.value}
                onChange={() => setFrequency(choice.value)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="font-medium">{choice.label}</span>
                <span className="block text-muted-foreground">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {save.isError ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {errorMessage(save.error, 'The search could not be saved. Please try again.')}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                {
                  q: filters.q?.trim() || undefined,
                  tech: filters.tech?.length ? filters.tech : undefined,
                  minBudget: filters.minBudget,
                  maxBudget: filters.maxBudget,
                  frequency,
                },
                { onSuccess: () => setOpen(false) },
              )
            }
          >
            Save search
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
