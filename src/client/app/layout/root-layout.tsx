import { Suspense, useEffect, useLayoutEffect } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';

/**
 * A page reached by a link or redirect starts at the top; back and forward leave the position to the
 * browser's own scroll restoration; a link to a section starts there. (<ScrollRestoration> needs a data router, which the app does
 * without: see router.tsx.) Filters that only change the query string keep the reader's place.
 */
function useScrollToTopOnNewPage() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === NavigationType.Pop) return;
    // A link to a section ('/#how-it-works', the footer's How It Works) starts at that section.
    const section = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

/**
 * Marks the document once the page's own part has hydrated (it sits in the page's Suspense boundary,
 * so it commits with the page): until then a server-rendered page's buttons have no handlers, and
 * styles.css lets them take no click, rather than drop one.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

export function RootLayout() {
  useScrollToTopOnNewPage();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:shadow">
        Skip to content
      </a>
      <SiteHeader />
      {/*
        At least a screen tall, so the footer always starts below the first screen: pages load their
        code and data after the first paint, and a footer in view would jump each time (layout shift).
      */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <HydratedMark />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
