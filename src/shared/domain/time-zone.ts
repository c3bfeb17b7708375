/**
 * Time zones and the one way every date is written (decision 048): a reader sees a time in their own
 * zone, the browser's (Intl) on screen, the zone stored on their account in mail and in the sentences
 * the server writes for them. Pure Intl, so the browser and Node format alike.
 */

/** Where a person who never chose a zone (accounts from before issue 28, the operator) reads time. */
export const DEFAULT_TIME_ZONE = 'UTC';

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/**
 * The IANA name as Intl spells it ('Europe/Berlin', 'UTC'), or null when Intl knows no such zone.
 * Intl's list (Intl.supportedValuesOf) holds canonical names only, while browsers report aliases too
 * ('Asia/Kolkata' where Node lists 'Asia/Calcutta'): Intl accepting the name is the test.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isTimeZone = (name: string): boolean => canonicalTimeZone(name) !== null;

/** The zones a person may pick from, by name: Intl's list, with UTC (which the list leaves out). */
export function timeZoneNames(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, ...listed])].sort((a, b) => (a === DEFAULT_TIME_ZONE ? -1 : b === DEFAULT_TIME_ZONE ? 1 : a.localeCompare(b)));
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl's formatters are slow to build: one per zone and shape. */
function formatter(timeZone: string, shape: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${shape}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

// Parts, not Intl's own sentence: its punctuation differs between ICU versions (Node, each browser).
function partsOf(date: Date, timeZone: string, shape: string, options: Intl.DateTimeFormatOptions): Parts {
  const zone = canonicalTimeZone(timeZone) ?? DEFAULT_TIME_ZONE;
  const parts: Parts = {};
  for (const part of formatter(zone, shape, options).formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

const toDate = (value: Date | string): Date | null => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '30 Nov': the day a deadline falls on in the zone, as sentences, notifications and mails write it. */
export function formatDay(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return String(value);
  const p = partsOf(date, timeZone, 'day', { day: 'numeric', month: 'short' });
  return `${p.day} ${p.month}`;
}

/** 'Mon 30 Nov 2026, 14:05 PST': a moment in the zone, with the zone's short name. */
export function formatDateTime(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return String(value);
  const p = partsOf(date, timeZone, 'date-time', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** Spec section 9: chat timestamps look like 'MMM d, h:mm a' ('Mar 4, 3:07 PM'), here in the zone. */
export function formatChatDateTime(value: Date | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date, timeZone, 'chat', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.month} ${p.day}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/**
 * 'Tue 1 Dec 2026': a calendar day someone picked ('2026-12-01', a milestone's due date). A day is
 * the same day in every zone, so it is read as it was picked, never moved to a zone.
 */
export function formatCalendarDay(day: string): string {
  const date = toDate(`${day.slice(0, 10)}T12:00:00Z`);
  if (!date) return day;
  const p = partsOf(date, 'UTC', 'calendar-day', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

const DAY_MS = 86_400_000;

/** '(includes 3 grace days)': said beside every delivery deadline, as the grace is part of it. */
export function graceNote(graceMs: number): string {
  if (graceMs <= 0) return '';
  const days = graceMs / DAY_MS;
  if (Number.isInteger(days)) return `includes ${days} grace ${days === 1 ? 'day' : 'days'}`;
  const hours = Math.round(graceMs / 3_600_000);
  return hours >= 1 ? `includes ${hours} grace ${hours === 1 ? 'hour' : 'hours'}` : 'includes a grace period';
}
