// First: schemas read this setting when they are created.
import '#client/lib/zod-jitless.js';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '#client/app/app.js';
import { preloadPage } from '#client/app/router.js';
import { createQueryClient } from '#client/lib/query-client.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing from index.html');

// The page's own chunk downloads alongside the current user, not after it.
preloadPage(window.location.pathname);

// A page the server rendered comes with the data it was rendered from (server-render.tsx), so the
// browser's first render shows the same, without asking again.
const queryClient = createQueryClient();
const state = document.getElementById('finishline-state')?.textContent;
if (state) hydrate(queryClient, JSON.parse(state) as DehydratedState);

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// The build prerendered the home page into its HTML (vite.config.ts) and the server renders the
// browsing pages (src/server/plugins/client-app.ts): that markup is hydrated where it stands. Every
// other page comes with an empty root.
//
// Inside a transition, the first render (hydration, or the render of an empty root) is concurrent:
// React yields to the browser every few milliseconds instead of holding the main thread until the
// whole tree is done, so a slow phone never sees one long task of it (issue 33). The markup stays
// in view meanwhile; a click on a part not yet hydrated makes React hydrate that part first and
// replays the click.
startTransition(() => {
  if (container.dataset.prerendered === window.location.pathname) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
