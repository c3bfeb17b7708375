import { DEFAULT_TIME_ZONE } from '#shared/domain/time-zone.js';
import { formatChatTime, formatDealDate, readerTimeZone } from '#client/lib/format.js';
import { useIsHydrating } from '#client/lib/use-is-hydrating.js';

interface LocalTimeProps {
  /** An ISO date-time. */
  value: string;
  /** 'date-time': 'Mon 30 Nov 2026, 14:05 PST' (deadlines, history); 'chat': 'Nov 30, 2:05 PM' (spec section 9). */
  shape?: 'date-time' | 'chat';
  className?: string;
}

/**
 * A moment in the reader's zone (decision 048), as a <time>. The server renders some pages
 * (server-render.tsx) and cannot know the browser's zone: the server's markup and the hydration that
 * reads it say UTC, labelled, and the render right after hydration says the browser's zone. So the
 * two renders React compares are the same, and no mismatch (#418) is hidden or accepted.
 */
export function LocalTime({ value, shape = 'date-time', className }: LocalTimeProps) {
  const isHydrating = useIsHydrating();
  const zone = isHydrating ? DEFAULT_TIME_ZONE : readerTimeZone();
  const text = shape === 'chat' ? `${formatChatTime(value, zone)}${isHydrating ? ' UTC' : ''}` : formatDealDate(value, zone);
  return (
    <time dateTime={value} className={className} data-time-zone={zone}>
      {text}
    </time>
  );
}
