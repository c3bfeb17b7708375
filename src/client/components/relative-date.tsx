import { formatRelativeDate } from '#client/lib/format.js';

/**
 * 'Posted 3 days ago', as a <time> element. The server renders some pages (server-render.tsx) and
 * the browser hydrates them seconds later, or with a clock that differs: a relative date may then
 * read differently on each side ('less than a minute ago' / '1 minute ago'). That one difference is
 * expected, so it is the only one React is told to accept: the server's words stay until the element
 * renders other words (fresh data, or a page the browser renders itself).
 */
export function RelativeDate({ value, fallback }: { value: string | null | undefined; fallback?: string }) {
  return (
    <time dateTime={value ?? undefined} suppressHydrationWarning>
      {formatRelativeDate(value, fallback)}
    </time>
  );
}
