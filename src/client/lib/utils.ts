import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

// tailwind-merge builds its class tables on its first call, about 12 ms of main thread on a phone.
// That first call used to come in the middle of hydrating a page, in the same task: here it runs
// in a task of its own as soon as a chunk that uses `cn` has loaded (decision 032).
if (typeof window !== 'undefined') setTimeout(() => twMerge(''), 0);

/** Joins class names and lets later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Up to two initials for an avatar fallback. */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '')
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}
