import { Link } from 'react-router';
import type { Deal } from '#shared/contracts/deal.js';
import { formatMoney } from '#shared/domain/money.js';
import { payoutSetupPath } from '#shared/domain/money-moves.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';

/**
 * For the finisher whose payout account is not set up: what the deal owes them now and waits for
 * that account, and where to set it up (issue 28, item 2). The amount is the server's (the deal's
 * payoutWaiting); the card is gone once the money has moved.
 */
export function PayoutWaitingCard({ deal }: { deal: Deal }) {
  if (!deal.payoutWaiting) return null;
  const amount = formatMoney(deal.payoutWaiting.amountCents, { showCents: true });
  return (
    <Card role="region" aria-labelledby="payout-waiting-title" className="gap-3 border-amber-300 bg-amber-50 text-amber-950">
      <CardHeader>
        <CardTitle id="payout-waiting-title">{amount} waits for your payout account</CardTitle>
        <CardDescription className="text-amber-900">
          The money is yours and stays held for you. Set up payouts in your profile’s Payment Settings, and Finishline sends it at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={payoutSetupPath}>Set up payouts</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
