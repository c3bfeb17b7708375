/**
 * A page's tab title is its main heading, then the product (issue 16): "Habit tracker PWA -
 * Finishline", "Hire Developers - Finishline". The browser sets it as the heading shows
 * (client/lib/page-title.ts); the server puts it in the pages it renders (plugins/client-app.ts).
 */
export const PRODUCT_NAME = 'Finishline';
/** The home page's title, and every page's until its heading shows (index.html says the same). */
export const DEFAULT_TITLE = 'Finishline: finish your half-built software';

export function titleForHeading(heading: string | null | undefined): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text ? `${text} - ${PRODUCT_NAME}` : DEFAULT_TITLE;
}
