import { Bell, FolderKanban, FolderSearch, LayoutDashboard, MessageSquare, Scale, SquarePlus, UserRound, Users } from 'lucide-react';
import { isOperator } from '#shared/domain/roles.js';

/** The header's primary navigation: 'Developers' always, 'Dashboard' when signed in, 'Disputes' for operators. */
const primaryLinks = [
  { to: '/developers', label: 'Developers', icon: Users, shownTo: 'everyone' },
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, shownTo: 'signedIn' },
  { to: '/operator/disputes', label: 'Disputes', icon: Scale, shownTo: 'operator' },
] as const;

/** The primary links the visitor or signed-in user sees. */
export function visiblePrimaryLinks(user: { role: string } | null) {
  return primaryLinks.filter((link) => link.shownTo === 'everyone' || (user !== null && (link.shownTo === 'signedIn' || isOperator(user.role))));
}

/**
 * The home page's two calls to action, which a phone's menu offers too (issue 16): there is no
 * room for them in a narrow header, and a person on a phone needs them as much.
 */
export const mobileActionLinks = [
  { to: '/projects', label: 'Browse Projects', icon: FolderSearch },
  { to: '/submit-project', label: 'Submit a Project', icon: SquarePlus },
] as const;

/** The avatar menu's links (spec "Header and footer"), shared with the mobile side menu. */
export const accountLinks = [
  { to: '/profile', label: 'Your Profile', icon: UserRound },
  { to: '/my-projects', label: 'My Projects', icon: FolderKanban },
  { to: '/messages', label: 'Messages', icon: MessageSquare },
  { to: '/notifications', label: 'Notifications', icon: Bell },
] as const;
