import { Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { clsx } from 'clsx';
import { buttonVariants } from '#client/components/ui/button-variants.js';
import { Skeleton } from '#client/components/ui/skeleton.js';
import { useUser } from '#client/lib/auth.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { Logo } from './logo.js';
import { MobileNav } from './mobile-nav.js';
import { visiblePrimaryLinks } from './primary-links.js';

// A signed-in user's menu and unread icons (Radix menus and tooltips, the sign-out mutation) wait
// behind lazy boundaries: the first paint needs none of them, and a visitor never loads them. Each
// fallback holds the control's place so that nothing shifts when it arrives.
const UnreadIconLinks = lazyComponent(() => import('./unread-icon-links.js'), 'UnreadIconLinks');
const UserMenu = lazyComponent(() => import('./user-menu.js'), 'UserMenu');

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  // The active link's colour replaces the muted one (without tailwind-merge: docs/decisions/032-initial-load-and-cold-start.md).
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium',
    !isActive && 'text-muted-foreground',
    'transition-colors hover:text-foreground',
    isActive && 'text-foreground',
  );

export function SiteHeader() {
  const { user, isLoading } = useUser();
  const visibleLinks = visiblePrimaryLinks(user);

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
              <Suspense fallback={<Skeleton className="h-9 w-[4.75rem]" />}>
                <UnreadIconLinks userId={user.id} />
              </Suspense>
              <div className="ml-1 hidden md:block">
                <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
                  <UserMenu user={user} />
                </Suspense>
              </div>
            </>
          ) : (
            <Link to="/auth" data-slot="button" className={buttonVariants({ size: 'sm' })}>
              Log in / Sign up
            </Link>
          )}
          <MobileNav user={user} />
        </div>
      </div>
    </header>
  );
}
