import type { User } from '#shared/contracts/users.js';
import type { UserRow } from '#server/db/schema/users.js';

/** The only way a user row leaves the server: the password hash is never part of it. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    role: row.role,
    stripeCustomerId: row.stripeCustomerId,
    stripeConnectAccountId: row.stripeConnectAccountId,
    onboardingComplete: row.onboardingComplete,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    location: row.location,
    website: row.website,
    githubUrl: row.githubUrl,
    linkedinUrl: row.linkedinUrl,
    twitterUrl: row.twitterUrl,
    skills: row.skills,
    hourlyRate: row.hourlyRate,
    yearsOfExperience: row.yearsOfExperience,
    languages: row.languages,
    frameworks: row.frameworks,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}
