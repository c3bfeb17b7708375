import { ClosingCtaSection } from './closing-cta-section';
import { FeaturedProjectsSection } from './featured-projects-section';
import { TestimonialsSection } from './testimonials-section';

/**
 * The home page's sections under the first screen, one lazily loaded chunk: the featured cards
 * (badges, date formatting, the project query), the testimonials' avatars and the closing call to
 * action. They load while the hero paints instead of weighing on the first load.
 */
export function BelowTheFold() {
  return (
    <>
      <FeaturedProjectsSection />
      <TestimonialsSection />
      <ClosingCtaSection />
    </>
  );
}
