import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { useSiteContact } from '#client/features/site/api.js';
import { SitePage, SiteSection } from '#client/features/site/site-page.js';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** Contact (issue 28, item 16): the operator's address from the server's configuration. */
export default function ContactPage() {
  const contact = useSiteContact();
  return (
    <SitePage title="Contact" lead="Questions about a project, a payment or your account: write to the people who run Finishline.">
      <SiteSection id="contact-email" title="Email">
        {contact.isPending ? (
          <Skeleton className="h-5 w-56" />
        ) : contact.data?.contactEmail ? (
          <p className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <a href={`mailto:${contact.data.contactEmail}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
              {contact.data.contactEmail}
            </a>
          </p>
        ) : (
          <p>No contact address is published yet.</p>
        )}
      </SiteSection>
      <SiteSection id="contact-deal" title="About a deal">
        <p>
          Talk to the other side first, in the chat of the bid. If you cannot agree about held money, open a dispute from the project page: an operator reads
          both sides and decides. The{' '}
          <Link to="/faq" className={linkClass}>
            FAQ
          </Link>{' '}
          explains fees, held payments and disputes.
        </p>
      </SiteSection>
    </SitePage>
  );
}
