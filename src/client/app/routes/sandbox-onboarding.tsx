import { LoaderCircle } from 'lucide-react';
import type { ComponentProps, FormEvent } from 'react';
import { useParams } from 'react-router';
import { Button } from '#client/components/ui/button.js';
import { Input } from '#client/components/ui/input.js';
import { Label } from '#client/components/ui/label.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { SandboxNotice } from '#client/features/payments/sandbox/sandbox-layout.js';
import { useCompleteSandboxOnboarding, useSandboxOnboarding } from '#client/features/payments/sandbox/api.js';
import { errorMessage } from '#client/lib/api.js';

/** The sandbox provider's Express onboarding at /sandbox/onboarding/{token}: prefilled test details and one Submit. */
export default function SandboxOnboardingPage() {
  const token = useParams().token ?? '';
  const { data: link, isPending, error } = useSandboxOnboarding(token);
  const complete = useCompleteSandboxOnboarding(token);
  const isSubmitting = complete.isPending || complete.isSuccess;

  if (error) {
    return (
      <SandboxNotice
        title="Onboarding link not valid"
        text="This onboarding link is invalid or has expired. Start payout setup again from your Finishline profile."
        action={{ href: '/profile?tab=skills', label: 'Return to Finishline' }}
      />
    );
  }
  if (isPending) return <PageSpinner label="Loading onboarding" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSubmitting) complete.mutate();
  };

  return (
    <div className="w-full max-w-lg rounded-xl border bg-card p-8 shadow-sm">
      <p className="text-xs font-medium text-muted-foreground">Express account {link.id}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Set up payouts for Finishline</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Finishline partners with a payment provider to send you payouts. These test details are prefilled; nothing is verified.
      </p>
      <form onSubmit={submit} className="mt-6 grid gap-4" aria-label="Payout details">
        <Field id="legal-name" label="Legal name" defaultValue="Test Developer" autoComplete="name" />
        <Field id="country" label="Country" defaultValue="United States" autoComplete="country-name" />
        <div className="grid grid-cols-2 gap-4">
          <Field id="routing-number" label="Routing number (test)" defaultValue="110000000" inputMode="numeric" />
          <Field id="account-number" label="Bank account (test)" defaultValue="000123456789" inputMode="numeric" />
        </div>
        {complete.error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorMessage(complete.error, 'The details could not be submitted. Please try again.')}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <a href={link.refreshUrl} className="text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
            Return later
          </a>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            Submit
          </Button>
        </div>
      </form>
    </div>
  );
}

function Field({ id, label, ...props }: { id: string; label: string } & ComponentProps<typeof Input>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
    </div>
  );
}
