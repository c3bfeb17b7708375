import { cn } from '#client/lib/utils.js';

/** Spec section 9: unread badges cap at 99 and show '99+'. */
export function formatUnreadCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** A small counter pinned to an icon; renders nothing at 0. The label for screen readers lives on the parent link. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-slot="count-badge"
      aria-hidden="true"
      className={cn(
        'absolute -top-1 -right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground tabular-nums',
        className,
      )}
    >
      {formatUnreadCount(count)}
    </span>
  );
}
