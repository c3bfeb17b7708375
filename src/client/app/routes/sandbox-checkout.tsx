import { Lock, LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { type SandboxPayBody } from '#shared/contracts/payments.js';
import { sandboxPayBodySchema } from '#shared/contracts/payments.schemas.js';
import { cardExpiryProblem } from '#shared/domain/cards.js';
import { formatMoney } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';
import { FormField } from '#client/components/ui/form-field.js';
import { Input } from '#client/components/ui/input.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { SandboxNotice } from '#client/features/payments/sandbox/sandbox-layout.js';
import { useSandboxCheckout, useSandboxPay } from '#client/features/payments/sandbox/api.js';
import { errorMessage, isApiError } from '#client/lib/api.js';

type CardErrors = Partial<Record<keyof SandboxPayBody, string>>;

/** The sandbox provider's hosted checkout at /sandbox/checkout/{sessionId}, a stand-in for Stripe's. */
export default function SandboxCheckoutPage() {
  const sessionId = useParams().sessionId ?? '';
  const { data: session, isPending, error } = useSandboxCheckout(sessionId);

  if (error) {
    return isApiError(error, 'NOT_FOUND', 'VALIDATION_FAILED') ? (
      <SandboxNotice
        title="Checkout session not found"
        text="This checkout link is invalid. Go back to Finishline and start the payment again."
        action={{ href: '/dashboard', label: 'Return to Finishline' }}
      />
    ) : (
      <SandboxNotice title="Checkout unavailable" text={errorMessage(error, 'Please try again later')} />
    );
  }
  if (isPending) return <PageSpinner label="Loading checkout" />;
  if (session.isExpired) {
    return (
      <SandboxNotice
        title="This checkout session has expired"
        text="Go back to Finishline and start the payment again."
        action={{ href: session.cancelUrl, label: 'Return to Finishline' }}
      />
    );
  }
  return (
    <CheckoutForm
      sessionId={sessionId}
      description={session.description}
      amountCents={session.amountCents}
      currency={session.currency}
      cancelUrl={session.cancelUrl}
    />
  );
}

interface CheckoutFormProps {
  sessionId: string;
  description: string;
  amountCents: number;
  currency: string;
  cancelUrl: string;
}

function CheckoutForm({ sessionId, description, amountCents, currency, cancelUrl }: CheckoutFormProps) {
  const [card, setCard] = useState<SandboxPayBody>({ cardNumber: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<CardErrors>({});
  const pay = useSandboxPay(sessionId);
  const isPaying = pay.isPending || pay.isSuccess;
  const amount = formatMoney(amountCents);

  const update = (field: keyof SandboxPayBody) => (event: { target: { value: string } }) => setCard((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPaying) return;
    const parsed = sandboxPayBodySchema.safeParse(card);
    const expired = parsed.success ? cardExpiryProblem(parsed.data.expiry, new Date()) : null;
    if (!parsed.success || expired) {
      const errors: CardErrors = expired ? { expiry: expired } : {};
      for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as keyof SandboxPayBody] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    pay.mutate(parsed.data);
  };

  return (
    <div className="grid w-full max-w-4xl overflow-hidden rounded-xl border bg-card shadow-sm md:grid-cols-2">
      <section aria-labelledby="order-title" className="border-b bg-muted/30 p-8 md:border-r md:border-b-0">
        <p className="text-sm font-medium text-muted-foreground">Finishline</p>
        <h1 id="order-title" className="mt-6 text-sm text-muted-foreground">
          {description}
        </h1>
        <p className="mt-1 text-4xl font-semibold tracking-tight tabular-nums">{amount}</p>
        <p className="mt-1 text-xs uppercase text-muted-foreground">{currency}</p>
        <a href={cancelUrl} className="mt-10 inline-block text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
          Cancel
        </a>
      </section>
      <section aria-labelledby="pay-title" className="p-8">
        <h2 id="pay-title" className="text-lg font-semibold">
          Pay with card
        </h2>
        <p className="mt-1 text-xs text-muted-foreground">Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline</p>
        <form onSubmit={submit} noValidate className="mt-6 grid gap-4" aria-label="Card payment">
          <FormField id="card-number" label="Card number" error={fieldErrors.cardNumber}>
            {(describedBy) => (
              <Input
                id="card-number"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                value={card.cardNumber}
                onChange={update('cardNumber')}
                aria-invalid={fieldErrors.cardNumber ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <div className="grid grid-cols-2 gap-4">
            <FormField id="card-expiry" label="Expiry (MM/YY)" error={fieldErrors.expiry}>
              {(describedBy) => (
                <Input
                  id="card-expiry"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  value={card.expiry}
                  onChange={update('expiry')}
                  aria-invalid={fieldErrors.expiry ? true : undefined}
                  aria-describedby={describedBy}
                />
              )}
            </FormField>
            <FormField id="card-cvc" label="CVC" error={fieldErrors.cvc}>
              {(describedBy) => (
                <Input
                  id="card-cvc"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  value={card.cvc}
                  onChange={update('cvc')}
                  aria-invalid={fieldErrors.cvc ? true : undefined}
                  aria-describedby={describedBy}
                />
              )}
            </FormField>
          </div>
          {pay.error ? (
            <p role="alert" className="rounded-md border border-destructive/30 bg-red-50 px-3 py-2 text-sm font-medium text-destructive">
              {errorMessage(pay.error, 'The payment could not be completed.')}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={isPaying}>
            {isPaying ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Lock aria-hidden="true" />}
            Pay {amount}
          </Button>
        </form>
      </section>
    </div>
  );
}
