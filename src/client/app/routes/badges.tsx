import { BadgeCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { badges } from '#shared/domain/badges.js';
import { SitePage, SiteSection } from '#client/features/site/site-page.js';

/** A badge's link ('/badges#on-time') opens at its rule, once this lazily loaded page has rendered it. */
function useScrollToBadge() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

/**
 * How badges work (issue 30, item 7): every badge with its label and its rule, from the same data
 * the badges are earned by (shared/domain/badges.ts), so the page cannot say other than the code does.
 */
export default function BadgesPage() {
  useScrollToBadge();
  return (
    <SitePage title="How badges work" lead="Every badge comes only from what Finishline records, never from what a person says about themselves.">
      {badges.map((badge) => (
        <SiteSection key={badge.id} id={badge.id} title={badge.label}>
          <p className="flex items-start gap-2">
            <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            <span>{badge.rule}</span>
          </p>
        </SiteSection>
      ))}
      <SiteSection id="member-since" title="Member since">
        <p>The year the person joined Finishline, shown on every profile beside their badges.</p>
      </SiteSection>
    </SitePage>
  );
}
