/**
 * Resolves once the browser has nothing more urgent to do, and at the latest after `timeoutMs`:
 * for code the first screen does not show (the toaster, the live connection, the home page's
 * sections under the first screen), so that loading and running it waits until the page's own
 * hydration is done instead of lengthening its tasks (issue 33). Safari has no
 * requestIdleCallback, and Node (the server render) neither: there it is the next macrotask.
 */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
