import { ClosingCtaSection } from './closing-cta-section.js';
import { FeaturedProjectsSection } from './featured-projects-section.js';
import { TestimonialsSection } from './testimonials-section.js';

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
