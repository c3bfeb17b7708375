import { LayoutDashboard, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '#client/lib/utils.js';

const tabs = [
  { value: 'overview', label: 'Overview', to: '/dashboard', icon: LayoutDashboard },
  { value: 'messages', label: 'Messages', to: '/dashboard?tab=messages', icon: MessageSquare },
] as const;

/** The dashboard's two views: its overview and the messages tab (?tab=messages, spec section 2). */
export function DashboardTabs({ current }: { current: 'overview' | 'messages' }) {
  return (
    <nav aria-label="Dashboard sections" className="mb-6 inline-flex h-10 items-center rounded-lg bg-muted p-1 text-muted-foreground">
      {tabs.map((tab) => (
        <Link
          key={tab.value}
          to={tab.to}
          aria-current={tab.value === current ? 'page' : undefined}
          className={cn(
            'inline-flex h-full items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors hover:text-foreground [&_svg]:size-4',
            tab.value === current && 'bg-background text-foreground shadow-sm',
          )}
        >
          <tab.icon aria-hidden="true" />
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
