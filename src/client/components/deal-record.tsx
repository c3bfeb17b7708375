import type { DealRecord } from '#shared/contracts/disputes.js';
import { formatCount } from '#shared/domain/counts.js';

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

const outcomeWords: [keyof DealRecord['disputeOutcomes'], string][] = [
  ['agreed', 'settled by agreement'],
  ['silence', 'settled when a side did not answer'],
  ['ruling', "decided by Finishline's operator"],
  ['open', 'still open'],
];

/**
 * A person's public deal record in one plain line (issue 15, rule 8: counts only):
 * '12 deals completed · 1 dispute opened against them: settled by agreement'.
 */
export function dealRecordSentence(record: DealRecord): string {
  const deals = plural(record.dealsCompleted, 'deal completed', 'deals completed');
  if (record.disputesAgainst === 0) return `${deals} · no disputes opened against them`;
  const disputes = plural(record.disputesAgainst, 'dispute opened against them', 'disputes opened against them');
  const outcomes = outcomeWords.filter(([key]) => record.disputeOutcomes[key] > 0);
  const single = record.disputesAgainst === 1 && outcomes.length === 1;
  const parts = outcomes.map(([key, words]) => (single ? words : `${formatCount(record.disputeOutcomes[key])} ${words}`));
  return parts.length > 0 ? `${deals} · ${disputes}: ${parts.join(', ')}` : `${deals} · ${disputes}`;
}

/** The deal record line of a profile; nothing until it has loaded. */
export function DealRecordLine({ record }: { record: DealRecord | null | undefined }) {
  if (!record) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="deal-record">
      <span className="font-medium text-foreground">Deal record:</span> {dealRecordSentence(record)}
    </p>
  );
}
