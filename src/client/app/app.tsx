import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/use-user';
import { createQueryClient } from '@/lib/query-client';
import { lazyComponent } from '@/lib/lazy-component';
import { AppRoutes } from './router';

// Neither is needed for the first paint: the toaster (sonner) has nothing to show yet, and the live
// connection (with the zod schemas of its events) only matters to a signed-in user. A toast raised
// before the toaster arrives is not lost: sonner replays active toasts when a toaster subscribes.
const Toaster = lazyComponent(() => import('@/components/ui/toaster'), 'Toaster');
const LiveUpdates = lazyComponent(() => import('@/features/notifications/live-provider'), 'LiveUpdates');

function LiveUpdatesWhileSignedIn() {
  const { user } = useUser();
  return user ? <LiveUpdates userId={user.id} /> : null;
}

/**
 * The whole app under `router`: the browser's history in the browser, a StaticRouter when the build
 * prerenders the home page (prerender.tsx), which the browser then hydrates.
 */
export function App({ router: Router = BrowserRouter }: { router?: ComponentType<{ children: ReactNode }> }) {
  const [queryClient] = useState(createQueryClient);
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
