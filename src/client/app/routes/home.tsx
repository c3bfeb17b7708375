import { Suspense } from 'react';
import { HeroSection } from '@/features/home/hero-section';
import { HowItWorksSection } from '@/features/home/how-it-works-section';
import { lazyComponent } from '@/lib/lazy-component';

const BelowTheFold = lazyComponent(() => import('@/features/home/below-the-fold'), 'BelowTheFold');

export function HomePage() {
  return (
    <>
      <HeroSection />
      <HowItWorksSection />
      {/* Holds a screen's height until the sections arrive, so the footer does not jump up and back. */}
      <Suspense fallback={<div className="min-h-dvh" />}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
