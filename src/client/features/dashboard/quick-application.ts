/** The dashboard's quick application (spec sections 5 and 9): lenient text inputs with defaults. */
export const DEFAULT_QUICK_RATE = 100;
export const DEFAULT_QUICK_TIMELINE_DAYS = 7;

/** The rate keeps only its digits ('$1,500' -> 1500) and is 100 when there are none. */
export function parseQuickRate(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : DEFAULT_QUICK_RATE;
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
