import { ClosingCtaSection } from '@/features/home/closing-cta-section';
import { FeaturedProjectsSection } from '@/features/home/featured-projects-section';
import { HeroSection } from '@/features/home/hero-section';
import { HowItWorksSection } from '@/features/home/how-it-works-section';
import { TestimonialsSection } from '@/features/home/testimonials-section';

export function HomePage() {
  return (
    <>
      <HeroSection />
      <HowItWorksSection />
      <FeaturedProjectsSection />
      <TestimonialsSection />
      <ClosingCtaSection />
    </>
  );
}
