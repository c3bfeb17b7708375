/** The dashboard's quick application (spec sections 5 and 9): lenient text inputs with defaults. */
export const DEFAULT_QUICK_RATE = 100;
export const DEFAULT_QUICK_TIMELINE_DAYS = 7;

/**
 * The rate keeps only its digits ('$1,500' -> 1500) and is 100 when there are none. A point
 * between digits starts the cents ('$2,400.50' -> 2400.5, which the bid rules refuse as not whole
 * dollars; '2400.00' -> 2400): keeping those digits too would bid a hundred times the amount.
 */
export function parseQuickRate(text: string): number {
  const digitsOf = (part: string) => part.replace(/\D/g, '');
  const point = /\d\.\d/.exec(text);
  const dollars = digitsOf(point ? text.slice(0, point.index + 1) : text);
  if (!point) return dollars ? Number(dollars) : DEFAULT_QUICK_RATE;
  return Number(`${dollars}.${digitsOf(text.slice(point.index + 2))}`);
}

/** The timeline is the first whole number in the text ('about 10-12 days' -> 10), else 7. */
export function parseQuickTimeline(text: string): number {
  const match = /\d+/.exec(text);
  return match ? Number(match[0]) : DEFAULT_QUICK_TIMELINE_DAYS;
}

export interface QuickApplication {
  message: string;
  rate: string;
  timeline: string;
}

export type QuickBid = { ok: true; amount: number; timeline: number; message: string } | { ok: false };

/** The message is required; rate and timeline fall back to their defaults. */
export function toQuickBid(application: QuickApplication): QuickBid {
  const message = application.message.trim();
  if (!message) return { ok: false };
  return { ok: true, message, amount: parseQuickRate(application.rate), timeline: parseQuickTimeline(application.timeline) };
}
