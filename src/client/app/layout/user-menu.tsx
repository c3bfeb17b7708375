import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '#shared/contracts/users.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.js';
import { accountLinks } from './nav-links.js';
import { useSignOut } from './use-sign-out.js';
import { UserAvatar } from './user-avatar.js';

/** The avatar menu: who is signed in, the account links and 'Sign out'. */
export function UserMenu({ user }: { user: User }) {
  const { signOut } = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger aria-label="Account menu" className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <UserAvatar user={user} className="size-9" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-semibold">{user.username}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {accountLinks.map((link) => (
            <DropdownMenuItem key={link.to} asChild>
              <Link to={link.to}>
                <link.icon aria-hidden="true" />
                {link.label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
