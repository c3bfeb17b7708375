import { Hourglass } from 'lucide-react';
import { awaitingPaymentRefusal } from '#shared/domain/project-lifecycle.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';

/**
 * Where the delivery (for the finisher) or the review (for the owner) would be: the deal waits for
 * the owner's payment, in the lifecycle's own sentence (issue 26). The owner's payment button is in
 * the deal clock, beside the step it answers.
 */
export function AwaitingPaymentCard({ viewer }: { viewer: 'owner' | 'finisher' }) {
  return (
    <Card className="gap-3 border-amber-200 bg-amber-50/40" data-testid="delivery-awaiting-payment">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Hourglass aria-hidden="true" className="size-5 text-amber-700" /> Waiting for the payment
        </CardTitle>
        <CardDescription className="text-foreground">{awaitingPaymentRefusal}</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {viewer === 'owner'
          ? 'Pay from the deal clock above: the money is held until you accept the work.'
          : 'Please do not start before the payment is held: you are told as soon as it arrives.'}
      </CardContent>
    </Card>
  );
}
