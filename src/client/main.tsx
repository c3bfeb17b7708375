// First: schemas read this setting when they are created.
import '@/lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing from index.html');

// The page's own chunk downloads alongside the current user, not after it.
preloadPage(window.location.pathname);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The build prerendered the home page into its HTML (vite.config.ts), which is hydrated where it
// stands; every other page comes with an empty root.
if (container.dataset.prerendered === window.location.pathname) hydrateRoot(container, app);
else createRoot(container).render(app);
