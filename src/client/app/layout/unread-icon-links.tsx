import { Bell, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button-variants.js';
import { CountBadge, formatUnreadCount } from '#client/components/ui/count-badge.js';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '#client/components/ui/tooltip.js';
import { useUnreadCounts } from '#client/features/notifications/api.js';
import { cn } from '#client/lib/utils.js';

type IconLinkProps = { to: string; label: string; count: number; icon: typeof Bell };

function IconLink({ to, label, count, icon: Icon }: IconLinkProps) {
  const accessibleName = count > 0 ? `${label} (${formatUnreadCount(count)} unread)` : label;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Link to={to} aria-label={accessibleName} className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}>
          <Icon aria-hidden="true" className="size-5" />
          <CountBadge count={count} />
        </Link>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** The signed-in header's messages and notifications icons, each with its unread badge. */
export function UnreadIconLinks({ userId }: { userId: number }) {
  const unread = useUnreadCounts(userId);
  // The app's only tooltips, so their provider (the shared skip-delay window) lives here rather
  // than at the root, where it would put Radix's tooltip code into the first load.
  return (
    <TooltipProvider>
      <IconLink to="/messages" label="Messages" count={unread.messages} icon={MessageSquare} />
      <IconLink to="/notifications" label="Notifications" count={unread.notifications} icon={Bell} />
    </TooltipProvider>
  );
}
