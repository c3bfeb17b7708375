import { CreditCard, LoaderCircle, ShieldCheck } from 'lucide-react';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';

interface CheckoutLaunchPanelProps {
  isBusy: boolean;
  onProceed: () => void;
}

/** The checkout-launch panel: 'Ready to proceed?' before launch, 'Setting up checkout...' while the session is made. */
export function CheckoutLaunchPanel({ isBusy, onProceed }: CheckoutLaunchPanelProps) {
  return (
    <Card role="region" aria-labelledby="checkout-panel-title">
      <CardHeader>
        <CardTitle id="checkout-panel-title" className="flex items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5" /> Checkout
        </CardTitle>
        <CardDescription>You will pay on our payment provider's secure hosted checkout page.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div aria-live="polite" className="flex flex-col items-center gap-3 rounded-lg border bg-muted/30 px-6 py-10 text-center">
          {isBusy ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-muted-foreground" />
              <p className="font-medium">Setting up checkout...</p>
            </>
          ) : (
            <>
              <ShieldCheck aria-hidden="true" className="size-8 text-emerald-600" />
              <p className="font-medium">Ready to proceed?</p>
              <p className="max-w-sm text-sm text-muted-foreground">Your card details are entered on the provider's page, never on Finishline.</p>
            </>
          )}
        </div>
        <Button size="lg" onClick={onProceed} disabled={isBusy}>
          Proceed to Checkout
        </Button>
      </CardContent>
    </Card>
  );
}
