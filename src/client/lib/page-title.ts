import { useEffect } from 'react';
import { DEFAULT_TITLE, titleForHeading } from '#shared/page-title.js';

/**
 * Keeps the tab's title on the page's main heading (src/shared/page-title.ts): one rule for every
 * page, including those whose heading waits for data (a project's name). The home page keeps the
 * product's own title.
 */
export function useTitleFromHeading() {
  useEffect(() => {
    const root = document.getElementById('root') ?? document.body;
    const update = () => {
      const heading = window.location.pathname === '/' ? null : root.querySelector('h1')?.textContent;
      const title = heading ? titleForHeading(heading) : DEFAULT_TITLE;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
}
