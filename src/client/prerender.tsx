// Run by the build (vite.config.ts), in Node, never shipped to the browser: renders a page's first
// view with the app's own components so that index.html carries markup the browser paints before any
// JavaScript has loaded (docs/decisions/018-performance-budgets.md).
import '@/lib/zod-jitless';
import { timeoutManager } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '@/app/app';

// React Query keeps an unused query for gcTime (5 minutes) on a timer, which would hold the build's
// process open that long after prerendering: its timers here must not keep Node running.
timeoutManager.setTimeoutProvider<NodeJS.Timeout>({
  setTimeout: (callback, delay) => setTimeout(callback, delay).unref(),
  clearTimeout,
  setInterval: (callback, delay) => setInterval(callback, delay).unref(),
  clearInterval,
});

/**
 * The markup of the app at `pathname` as a visitor's browser first renders it: the current user is
 * still loading (React Query fetches nothing on the server), so the header shows its placeholder.
 * prerender waits for the lazy parts on the way (the home page's sections under the first screen),
 * which the browser hydrates when their chunks arrive.
 */
export async function renderFirstView(pathname: string): Promise<string> {
  const AtPathname = ({ children }: { children: ReactNode }) => <StaticRouter location={pathname}>{children}</StaticRouter>;
  const render = async () => {
    const { prelude } = await prerender(
      <StrictMode>
        <App router={AtPathname} />
      </StrictMode>,
      // Never outline a finished boundary to be streamed in later: that takes an inline script,
      // which the Content-Security-Policy refuses (script-src 'self').
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return new Response(prelude).text();
  };
  const html = await render();
  if (html.includes('<script')) throw new Error(`The prerendered markup of ${pathname} has an inline script, which the Content-Security-Policy would block`);
  return html;
}
