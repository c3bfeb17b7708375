import { Bell, FileText, FolderKanban, FolderSearch, LayoutDashboard, MessageSquare, Scale, SquarePlus, UserRound, Users } from 'lucide-react';
import { visiblePrimaryLinks } from './primary-links.js';

const primaryLinkIcons = { '/developers': Users, '/projects': FolderSearch, '/dashboard': LayoutDashboard, '/operator/disputes': Scale } as const;

/** The header's primary links the visitor or signed-in user sees (primary-links.ts), with their icons for the menus. */
export function visiblePrimaryLinksWithIcons(user: { role: string } | null) {
  return visiblePrimaryLinks(user).map((link) => ({ ...link, icon: primaryLinkIcons[link.to] }));
}

/**
 * The home page's other call to action, which a phone's menu offers too (issue 16): there is no
 * room for it in a narrow header ('Browse Projects' is a primary link since issue 28).
 */
export const mobileActionLinks = [{ to: '/submit-project', label: 'Submit a Project', icon: SquarePlus }] as const;

/** The avatar menu's links (spec "Header and footer"), shared with the mobile side menu. */
export const accountLinks = [
  { to: '/profile', label: 'Your Profile', icon: UserRound },
  { to: '/my-projects', label: 'My Projects', icon: FolderKanban },
  { to: '/messages', label: 'Messages', icon: MessageSquare },
  { to: '/notifications', label: 'Notifications', icon: Bell },
  // Issue 31: receipts and payout statements.
  { to: '/documents', label: 'Documents', icon: FileText },
] as const;
