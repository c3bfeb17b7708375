import type { DealMoney, DealMoneyParts } from '#shared/contracts/deal.js';
import { formatMoney } from '#shared/domain/money.js';

// The deal's money view (decision 047) as every screen shows it: the payment card of the project
// page and the dispute page read the server's figures and add nothing up themselves.

const money = (cents: number) => formatMoney(cents, { showCents: true });

type Part = keyof DealMoneyParts;
const partLabels: Record<Part, string> = {
  paidCents: 'Paid',
  heldCents: 'Held in escrow',
  releasedCents: 'Released to the developer',
  feeCents: 'Platform fee',
  refundedCents: 'Refunded to the client',
};
const parts: Part[] = ['paidCents', 'heldCents', 'releasedCents', 'feeCents', 'refundedCents'];
/** The data-money name of a part ('held' for heldCents), what a test reads. */
const partName = (part: Part) => part.replace('Cents', '');

/** One payment's (or the totals') parts: paid, then where the money is; a zero is shown only for the totals. */
function MoneyParts({ of, showZero, label }: { of: DealMoneyParts; showZero: boolean; label: string }) {
  return (
    <dl className="grid gap-1" aria-label={label}>
      {parts
        .filter((part) => showZero || part === 'paidCents' || of[part] !== 0)
        .map((part) => (
          <div key={part} className="flex items-center justify-between gap-4">
            <dt className="text-muted-foreground">{partLabels[part]}</dt>
            <dd className="tabular-nums" data-money={partName(part)}>
              {money(of[part])}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * Where the deal's money is: the totals, each payment (the original price and every paid change
 * order) when there is more than one, and while money is held what accepting the work would release.
 */
export function DealMoneyList({ money: view, showAcceptance = true }: { money: DealMoney; showAcceptance?: boolean }) {
  const { onAcceptance } = view;
  return (
    <div className="grid gap-4 text-sm" data-testid="deal-money">
      <div data-testid="deal-money-total">
        <MoneyParts of={view} showZero label="The deal's money in total" />
      </div>
      {view.payments.length > 1 ? (
        <ul className="grid gap-3" aria-label="Each payment">
          {view.payments.map((payment) => (
            <li key={payment.changeOrderId ?? 'deal'} className="grid gap-1 border-l-2 border-muted pl-3" data-testid="deal-money-payment">
              <span className="font-medium" data-money="label">
                {payment.label}
              </span>
              <MoneyParts of={payment} showZero={false} label={payment.label} />
            </li>
          ))}
        </ul>
      ) : null}
      {showAcceptance && view.heldCents > 0 && onAcceptance.finisherCents + onAcceptance.feeCents > 0 ? (
        <p className="text-muted-foreground" data-testid="deal-money-on-acceptance">
          Accepting the work releases <span data-money="acceptance-finisher">{money(onAcceptance.finisherCents)}</span> to the developer; the platform fee is{' '}
          <span data-money="acceptance-fee">{money(onAcceptance.feeCents)}</span>.
        </p>
      ) : null}
    </div>
  );
}
