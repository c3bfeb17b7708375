import type { DeveloperListItem } from '#shared/contracts/finishers.js';

/** Spec section 4, Availability filter: 'available' means onboardingComplete. */
export type Availability = 'all' | 'available' | 'not-available';

export const availabilityOptions: readonly { value: Availability; label: string }[] = [
  { value: 'all', label: 'All developers' },
  { value: 'available', label: 'Available now' },
  { value: 'not-available', label: 'Not available' },
];

export function isAvailability(value: string): value is Availability {
  return availabilityOptions.some((option) => option.value === value);
}

/**
 * Spec section 5, Directory filtering (on the client): a finisher matches the skills filter with
 * at least one selected skill (case-insensitively), or always when none is selected; the
 * availability filter must hold as well.
 */
export function filterFinishers<T extends Pick<DeveloperListItem, 'skills' | 'onboardingComplete'>>(
  finishers: readonly T[],
  filters: { skills: readonly string[]; availability: Availability },
): T[] {
  const wanted = new Set(filters.skills.map((skill) => skill.toLowerCase()));
  return finishers.filter((finisher) => {
    const hasSkill = wanted.size === 0 || finisher.skills.some((skill) => wanted.has(skill.toLowerCase()));
    const isAvailable = filters.availability === 'all' || (filters.availability === 'available' ? finisher.onboardingComplete : !finisher.onboardingComplete);
    return hasSkill && isAvailable;
  });
}
