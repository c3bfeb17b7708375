import { useSearchParams } from 'react-router';
import { AccountPageShell } from '#client/features/account/account-page-shell.js';
import { UnsubscribeForm } from '#client/features/email/unsubscribe-form.js';

/** /email/unsubscribe?token=...: the page the footer link of every deal mail opens. */
export default function EmailUnsubscribePage() {
  const [searchParams] = useSearchParams();
  return (
    <AccountPageShell title="Unsubscribe" description="Stop one kind of email from Finishline. No sign-in needed.">
      <UnsubscribeForm token={searchParams.get('token') ?? ''} />
    </AccountPageShell>
  );
}
