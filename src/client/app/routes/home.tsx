import { Suspense } from 'react';
import { HeroSection } from '#client/features/home/hero-section.js';
import { HowItWorksSection } from '#client/features/home/how-it-works-section.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { whenIdle } from '#client/lib/when-idle.js';

// Loaded and hydrated once the browser is idle after the first screen has hydrated; until then the
// prerendered markup stays as it is (issue 33).
const BelowTheFold = lazyComponent(() => whenIdle().then(() => import('#client/features/home/below-the-fold.js')), 'BelowTheFold');

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
