import { z } from 'zod';
import { userRoles } from '#shared/domain/roles.js';

/** The signed-in user as the API returns it: never the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** Whether the owner of `email` opened a confirmation link sent to it (decision 036). */
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link; `email` stays until then. */
  pendingEmail: z.string().nullable(),
  role: z.enum(userRoles),
  stripeCustomerId: z.string().nullable(),
  stripeConnectAccountId: z.string().nullable(),
  onboardingComplete: z.boolean(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  githubUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  skills: z.array(z.string()),
  hourlyRate: z.number().int().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  languages: z.array(z.string()),
  frameworks: z.array(z.string()),
  /** The IANA zone mail and the server's sentences write this user's dates in (decision 048). */
  timeZone: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
