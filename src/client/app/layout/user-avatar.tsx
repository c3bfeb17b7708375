import type { User } from '#shared/contracts/users.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { initialsOf } from '#client/lib/utils.js';

/** The signed-in user's picture, or their initials: the account menu's trigger and the side menu's header. */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <Avatar className={className}>
      {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" /> : null}
      <AvatarFallback>{initialsOf(user.username)}</AvatarFallback>
    </Avatar>
  );
}
