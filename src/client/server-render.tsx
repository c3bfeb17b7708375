// Runs in Node, never shipped to the browser: renders pages with the app's own components, so the
// HTML carries markup the browser paints before any JavaScript has loaded
// (docs/decisions/018-performance-budgets.md, 021-server-rendered-pages.md). The build prerenders
// the home page with it (vite.config.ts); the server renders the browsing pages with their data on
// each request (src/server/plugins/client-app.ts loads the build of this module, dist/ssr).
import '#client/lib/zod-jitless.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type Query, type QueryClient, timeoutManager } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { App } from '#client/app/app.js';
import { currentUserKey } from '#client/lib/auth.js';
import type { ApiTransport } from '#shared/api-transport.js';
import { setApiTransport } from '#client/lib/api.js';
import { createQueryClient } from '#client/lib/query-client.js';

// React Query keeps an unused query for gcTime (5 minutes) on a timer, which would hold the build's
// process open that long after prerendering: its timers here must not keep Node running.
timeoutManager.setTimeoutProvider<NodeJS.Timeout>({
  setTimeout: (callback, delay) => setTimeout(callback, delay).unref(),
  clearTimeout,
  setInterval: (callback, delay) => setInterval(callback, delay).unref(),
  clearInterval,
});

/** The pages the server renders with their data; every other page is rendered by the browser. */
const SERVER_RENDERED: { path: string; signedIn?: true }[] = [
  // Protected: a visitor is sent to /auth by the browser, so only a signed-in user's page is rendered.
  { path: '/projects', signedIn: true },
  // The work screens people come back to from a mail or a bookmark (issue 33, item 1): the first
  // screen in the HTML, not a spinner until the entry script, the user and the data have arrived.
  { path: '/dashboard', signedIn: true },
  { path: '/disputes/:id', signedIn: true },
  { path: '/projects/:id' },
  { path: '/developers' },
  { path: '/developers/:username' },
  { path: '/owners/:id' },
  { path: '/badges' },
];

/**
 * Each pass renders the page, then loads the queries it asked for; a part shown only once earlier
 * data has arrived (the project's bids, after the project) asks in a later pass. A page that still
 * asks after this many passes is left to the browser.
 */
const MAX_PASSES = 4;

// The app's requests during a render go to the transport of the page being rendered: one per
// request, as renders of different visitors interleave.
const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error(`No page is being rendered to send ${url} for`));
  return transport(url, init);
});

/** Markup of the app as the given cache and location render it, with every lazy part resolved. */
async function renderMarkup(location: string, queryClient?: QueryClient): Promise<string> {
  const AtLocation = ({ children }: { children: ReactNode }) => <StaticRouter location={location}>{children}</StaticRouter>;
  const { prelude } = await prerender(
    <StrictMode>
      <App router={AtLocation} queryClient={queryClient} />
    </StrictMode>,
    // Never outline a finished boundary to be streamed in later: that takes an inline script,
    // which the Content-Security-Policy refuses (script-src 'self').
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`The markup of ${location} has an inline script, which the Content-Security-Policy would block`);
  return html;
}

/**
 * The markup of the app at `pathname` as a visitor's browser first renders it: the current user is
 * still loading (React Query fetches nothing while rendering), so the header shows its placeholder.
 * prerender waits for the lazy parts on the way (the home page's sections under the first screen),
 * which the browser hydrates when their chunks arrive.
 */
export function renderFirstView(pathname: string): Promise<string> {
  return renderMarkup(pathname);
}

export interface RenderedPage {
  /** The app's markup, for the root element. */
  markup: string;
  /** The cache the markup was rendered from, for the browser to hydrate with (main.tsx). */
  state: DehydratedState;
}

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/**
 * The page at `url` (path and query string) rendered with its data, which `transport` fetches as the
 * visitor whose page it is. Null when the page is not one the server renders, or when rendering it
 * would show anything but the data: a failed request, a visitor on a protected page, a page that
 * keeps asking for more. The browser then renders it, as it renders every other page.
 */
export async function renderPage(url: string, transport: ApiTransport): Promise<RenderedPage | null> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const page = SERVER_RENDERED.find(({ path }) => matchPath(path, pathname));
  if (!page) return null;

  const queryClient = createQueryClient();
  const { queries } = queryClient.getDefaultOptions();
  // A failed request is left for the browser to retry; rendering waits for nobody.
  queryClient.setDefaultOptions({ queries: { ...queries, retry: false } });
  try {
    return await transports.run(transport, async () => {
      for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
        const markup = await renderMarkup(url, queryClient);
        const cache = queryClient.getQueryCache().getAll();
        if (cache.some((query) => query.state.status === 'error')) return null;
        const waiting = cache.filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query));
        if (waiting.length === 0) return { markup, state: dehydrate(queryClient) };
        await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
        // A visitor on a protected page: the browser sends them to /auth.
        if (page.signedIn && queryClient.getQueryData(currentUserKey) === null) return null;
      }
      return null;
    });
  } finally {
    queryClient.clear();
  }
}

/**
 * `state` as the text of a `<script type="application/json">`: JSON with every `<` escaped, so no
 * text in the data (a project's description, say) can close the element or open a comment.
 */
export function serializeState(state: DehydratedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}
