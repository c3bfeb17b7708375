import { format } from 'date-fns';

/** Spec section 9: chat timestamps look like 'MMM d, h:mm a' ('Mar 4, 3:07 PM'). */
export function formatChatTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, h:mm a');
}

/** The one-letter avatar of the other party in a thread. */
export function avatarInitial(username: string | null | undefined): string {
  return (username ?? '').trim().charAt(0).toUpperCase() || '?';
}
