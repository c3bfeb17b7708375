import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth/use-user';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { MobileNav } from './mobile-nav';
import { primaryLinks } from './nav-links';
import { UnreadIconLinks } from './unread-icon-links';
import { UserMenu } from './user-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground', isActive && 'text-foreground');

export function SiteHeader() {
  const { user, isLoading } = useUser();
  const visibleLinks = primaryLinks.filter((link) => user || !link.signedInOnly);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {visibleLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {isLoading ? (
            <Skeleton className="h-9 w-28" />
          ) : user ? (
            <>
              <UnreadIconLinks userId={user.id} />
              <div className="ml-1 hidden md:block">
                <UserMenu user={user} />
              </div>
            </>
          ) : (
            <Button asChild size="sm">
              <Link to="/auth">Log in / Sign up</Link>
            </Button>
          )}
          <MobileNav user={user} />
        </div>
      </div>
    </header>
  );
}
