import { Bell, FolderKanban, LayoutDashboard, MessageSquare, UserRound, Users } from 'lucide-react';

/** The header's primary navigation: 'Developers' always, 'Dashboard' when signed in. */
export const primaryLinks = [
  { to: '/developers', label: 'Developers', icon: Users, signedInOnly: false },
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, signedInOnly: true },
] as const;

/** The avatar menu's links (spec "Header and footer"), shared with the mobile side menu. */
export const accountLinks = [
  { to: '/profile', label: 'Your Profile', icon: UserRound },
  { to: '/my-projects', label: 'My Projects', icon: FolderKanban },
  { to: '/messages', label: 'Messages', icon: MessageSquare },
  { to: '/notifications', label: 'Notifications', icon: Bell },
] as const;
