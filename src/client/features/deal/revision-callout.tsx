import { RotateCcw } from 'lucide-react';
import type { DealHistoryEntry } from '#shared/contracts/deal.js';
import { UnmetCriteriaList } from '#client/components/deal-history-list.js';
import { LocalTime } from '#client/components/local-time.js';

/** Beside the finisher's delivery panel: what the owner asked to change in the last delivery. */
export function RevisionCallout({ request, owner }: { request: DealHistoryEntry; owner: string }) {
  return (
    <section aria-labelledby="revision-callout-title" className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6">
      <h3 id="revision-callout-title" className="flex items-center gap-2 text-lg leading-tight font-semibold">
        <RotateCcw aria-hidden="true" className="size-5" /> Changes requested
      </h3>
      <p className="text-sm">
        {owner} asked for changes on <LocalTime value={request.at} />:
      </p>
      <UnmetCriteriaList texts={request.unmetCriteriaTexts} />
      <p className="rounded-md bg-white/70 p-3 text-sm break-words whitespace-pre-line">{request.message}</p>
    </section>
  );
}
