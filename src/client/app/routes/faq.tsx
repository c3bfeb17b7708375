import { Link } from 'react-router';
import { FINISHER_SHARE_PERCENT, PLATFORM_FEE_PERCENT } from '#shared/domain/money.js';
import { SitePage, SiteSection } from '#client/features/site/site-page.js';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** FAQ (issue 28, item 16): fees, held payments and disputes, with the figures of the shared constants. */
export default function FaqPage() {
  return (
    <SitePage title="Frequently Asked Questions" lead="Fees, held payments and disputes, in short.">
      <SiteSection id="faq-fee" title="What does Finishline cost?">
        <p>
          Posting a project and bidding are free. The platform fee is {PLATFORM_FEE_PERCENT}% of the bid amount: the developer receives {FINISHER_SHARE_PERCENT}
          % of every payment, and the owner pays the bid amount, nothing more. The bid form shows developers what they receive as they type their rate.
        </p>
      </SiteSection>
      <SiteSection id="faq-held" title="Where is the money while the work is done?">
        <p>
          The owner pays the accepted bid through our card payment provider, and the payment is held. It is released to the developer when the owner accepts the
          delivered work, or milestone by milestone as the owner approves each one. Until then the developer knows the money is there, and the owner knows it is
          not paid out for work he has not seen.
        </p>
      </SiteSection>
      <SiteSection id="faq-revisions" title="What if the delivery is not finished?">
        <p>
          The owner can request a revision and name the acceptance criteria that are not met. Each bid says how many revision requests its price includes; more
          work than agreed is a change order, which the two sides agree and the owner pays on its own.
        </p>
      </SiteSection>
      <SiteSection id="faq-disputes" title="What if we disagree?">
        <p>
          Either side can open a dispute while money is held: each says what the developer should receive, they can make offers to each other, and either can
          ask the operator to decide. The operator reads both sides and their evidence and rules how the held money is split; the platform keeps its{' '}
          {PLATFORM_FEE_PERCENT}% fee only on the part paid to the developer.
        </p>
      </SiteSection>
      <SiteSection id="faq-more" title="Anything else?">
        <p>
          See{' '}
          <Link to="/#how-it-works" className={linkClass}>
            How It Works
          </Link>{' '}
          or{' '}
          <Link to="/contact" className={linkClass}>
            contact us
          </Link>
          .
        </p>
      </SiteSection>
    </SitePage>
  );
}
