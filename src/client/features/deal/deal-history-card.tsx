import type { DealHistoryEntry } from '#shared/contracts/deal.js';
import { type CriterionText, DealHistoryList, type DealNames } from '#client/components/deal-history-list.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';

/** Every step of the deal, oldest first: what happened, when, who took it, and what they wrote. */
export function DealHistoryCard({ history, names, criterionText }: { history: readonly DealHistoryEntry[]; names: DealNames; criterionText?: CriterionText }) {
  return (
    <Card role="region" aria-labelledby="deal-history-title" className="gap-4">
      <CardHeader>
        <CardTitle id="deal-history-title">Deal history</CardTitle>
        <CardDescription>Every step of this deal, oldest first. Only you and the other party see it.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened in this deal yet.</p>
        ) : (
          <DealHistoryList history={history} names={names} criterionText={criterionText} />
        )}
      </CardContent>
    </Card>
  );
}
