import { LogIn, LogOut } from 'lucide-react';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import type { User } from '#shared/contracts/users.js';
import { Separator } from '#client/components/ui/separator.js';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '#client/components/ui/sheet.js';
import { cn } from '#client/lib/utils.js';
import { accountLinks, mobileActionLinks, visiblePrimaryLinksWithIcons } from './nav-links.js';
import { useSignOut } from './use-sign-out.js';
import { UserAvatar } from './user-avatar.js';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground',
    isActive && 'bg-accent text-accent-foreground',
  );

interface MobileNavSheetProps {
  user: User | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The menu button, which lives outside the sheet (mobile-nav.tsx): focus goes back to it on close. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** The side menu that replaces the header navigation below the md breakpoint. */
export function MobileNavSheet({ user, isOpen, onOpenChange, triggerRef }: MobileNavSheetProps) {
  const { signOut } = useSignOut();
  const close = () => onOpenChange(false);
  const links = [...visiblePrimaryLinksWithIcons(user), ...mobileActionLinks, ...(user ? accountLinks : [])];

  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          // Radix returns focus to a <SheetTrigger>; the menu button is a plain button, so it is done here.
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetHeader className="border-b">
          <SheetTitle>Menu</SheetTitle>
          {user ? (
            <div className="flex items-center gap-3 pt-2">
              <UserAvatar user={user} className="size-10" />
              <SheetDescription asChild>
                <div className="min-w-0">
                  <span className="block truncate font-semibold text-foreground">{user.username}</span>
                  <span className="block truncate text-xs">{user.email}</span>
                </div>
              </SheetDescription>
            </div>
          ) : (
            <SheetDescription>Find developers, or sign in to manage your projects.</SheetDescription>
          )}
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-3">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} onClick={close} className={itemClass}>
              <link.icon aria-hidden="true" />
              {link.label}
            </NavLink>
          ))}
          <Separator className="my-2" />
          {user ? (
            <button
              type="button"
              onClick={() => {
                close();
                signOut();
              }}
              className={itemClass({ isActive: false })}
            >
              <LogOut aria-hidden="true" />
              Sign out
            </button>
          ) : (
            <NavLink to="/auth" onClick={close} className={itemClass}>
              <LogIn aria-hidden="true" />
              Log in / Sign up
            </NavLink>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
