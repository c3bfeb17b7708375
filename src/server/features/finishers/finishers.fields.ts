import type { DeveloperListItem, DeveloperPublic } from '#shared/contracts/finishers.js';
import type { UserRow } from '#server/db/schema/users.js';
import { roundRating } from '#server/db/ratings.js';

/** A developer's public fields (spec section 3): the directory's cards, the profile and the suggestions extend them. */
export function toPublicFields(u: UserRow): DeveloperPublic {
  return {
    id: u.id,
    username: u.username,
    avatarUrl: u.avatarUrl,
    bio: u.bio,
    location: u.location,
    yearsOfExperience: u.yearsOfExperience,
    hourlyRate: u.hourlyRate,
    skills: u.skills,
    onboardingComplete: u.onboardingComplete,
  };
}

/** A directory card: the public fields with the record it is sorted by. */
export function toDirectoryItem(
  u: UserRow,
  record: { averageRating: string | number | null; reviewCount: number; completedProjects: number },
): DeveloperListItem {
  return {
    ...toPublicFields(u),
    averageRating: roundRating(record.averageRating),
    reviewCount: record.reviewCount,
    completedProjects: record.completedProjects,
  };
}
