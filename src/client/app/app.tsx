import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { createQueryClient } from '#client/lib/query-client.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { whenIdle } from '#client/lib/when-idle.js';
import { useTitleFromHeading } from '#client/lib/page-title.js';
import { AppRoutes } from './router.js';

// Neither is needed for the first paint: the toaster (sonner) has nothing to show yet, and the live
// connection (with the zod schemas of its events) only matters to a signed-in user. A toast raised
// before the toaster arrives is not lost: sonner replays active toasts when a toaster subscribes.
// Both load once the browser is idle, after the page has hydrated (issue 33).
const Toaster = lazyComponent(() => whenIdle().then(() => import('#client/components/ui/toaster.js')), 'Toaster');
const LiveUpdates = lazyComponent(() => whenIdle().then(() => import('#client/app/live-updates.js')), 'LiveUpdates');

function LiveUpdatesWhileSignedIn() {
  const { user } = useUser();
  return user ? <LiveUpdates userId={user.id} /> : null;
}

interface AppProps {
  /** The browser's history by default; a StaticRouter where the page is rendered ahead (server-render.tsx). */
  router?: ComponentType<{ children: ReactNode }>;
  /** The cache, when it comes filled: with what the server rendered the page from, for hydration. */
  queryClient?: QueryClient;
}

/**
 * The whole app under `router`. The build prerenders the home page and the server renders the
 * browsing pages with their data (server-render.tsx); the browser hydrates either.
 */
export function App({ router: Router = BrowserRouter, queryClient: filled }: AppProps) {
  const [queryClient] = useState(() => filled ?? createQueryClient());
  useTitleFromHeading();
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <Suspense fallback={<PageSpinner />}>
          <AppRoutes />
        </Suspense>
        {/* One boundary each: the live connection loading later must not hide the toaster. */}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
        <Suspense fallback={null}>
          <LiveUpdatesWhileSignedIn />
        </Suspense>
      </Router>
    </QueryClientProvider>
  );
}
