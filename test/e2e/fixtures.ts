import { test as base } from '@playwright/test';

/**
 * The browser tests' `test`: Playwright's, and every browser context a test opens itself
 * (browser.newContext(): a second party, a visitor) is closed when the test ends. Left open, each
 * kept its pages, their live connections and timers running for the rest of the run, and the
 * suite slowed as they piled up (77 renderers by its middle). Contexts opened in beforeAll belong
 * to the file's tests and are its afterAll's to close.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().flatMap((context) => (before.has(context) ? [] : [context.close()])));
    },
    { auto: true },
  ],
});
