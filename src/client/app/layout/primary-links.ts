import { isOperator } from '#shared/domain/roles.js';

// Without their icons, which only the lazily loaded menus show (nav-links.ts): the header's links
// are in the first load, lucide's icons need not be (docs/decisions/032-initial-load-and-cold-start.md).

/**
 * The header's primary navigation: 'Developers' and 'Browse Projects' always (issue 28, item 16: a
 * visitor is asked to sign in and comes back), 'Dashboard' when signed in, 'Disputes' for operators.
 */
const primaryLinks = [
  { to: '/developers', label: 'Developers', shownTo: 'everyone' },
  { to: '/projects', label: 'Browse Projects', shownTo: 'everyone' },
  { to: '/dashboard', label: 'Dashboard', shownTo: 'signedIn' },
  { to: '/operator/disputes', label: 'Disputes', shownTo: 'operator' },
] as const;

/** The primary links the visitor or signed-in user sees. */
export function visiblePrimaryLinks(user: { role: string } | null) {
  return primaryLinks.filter((link) => link.shownTo === 'everyone' || (user !== null && (link.shownTo === 'signedIn' || isOperator(user.role))));
}
