import { Link } from 'react-router';
import { FINISHER_SHARE_PERCENT } from '#shared/domain/money.js';
import { SitePage, SiteSection } from '#client/features/site/site-page.js';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** About (issue 28, item 16): what Finishline is, for whom, and how it keeps both sides whole. */
export default function AboutPage() {
  return (
    <SitePage title="About Finishline" lead="The marketplace for finishing half-built software.">
      <SiteSection id="about-what" title="What we do">
        <p>
          Many software projects stop at 80%: the idea works, the last features, tests and fixes do not. Finishline connects the people who started them with
          developers who finish them.
        </p>
      </SiteSection>
      <SiteSection id="about-who" title="For whom">
        <p>
          Project owners post a project with its code repository, compare bids with a price, a timeline and a proposal, and pay securely. Developers{' '}
          <Link to="/projects" className={linkClass}>
            browse projects
          </Link>
          , bid, deliver the work and receive {FINISHER_SHARE_PERCENT}% of every payment.
        </p>
      </SiteSection>
      <SiteSection id="about-how" title="How a deal stays fair">
        <p>
          The payment is held until the owner accepts the delivered work; a disagreement goes to a dispute that an operator settles. The{' '}
          <Link to="/faq" className={linkClass}>
            FAQ
          </Link>{' '}
          tells the details, and{' '}
          <Link to="/contact" className={linkClass}>
            Contact
          </Link>{' '}
          how to reach us.
        </p>
      </SiteSection>
    </SitePage>
  );
}
