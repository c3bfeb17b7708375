import { z } from 'zod';
import { type UpdateProfileBody } from '#shared/contracts/profile.js';
import { updateProfileSchema } from '#shared/contracts/profile.schemas.js';
import type { User } from '#shared/contracts/users.js';

const fields = updateProfileSchema.shape;

/** Digits typed into a text box; '' clears the number. The messages are the contract's. */
const wholeNumberText = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,7}$/, message)
    .refine((text) => text === '' || Number(text) <= 1_000_000, message);

/**
 * The Profile tab's edit form: the contract's own field schemas (spec section 5, Profile update),
 * except that the two numbers are typed as text.
 */
export const profileFormSchema = z.object({
  username: fields.username.unwrap(),
  email: fields.email.unwrap(),
  bio: z.string().trim().max(2_000, 'Bio must be at most 2000 characters'),
  location: z.string().trim().max(100, 'Location must be at most 100 characters'),
  website: fields.website,
  githubUrl: fields.githubUrl,
  linkedinUrl: fields.linkedinUrl,
  twitterUrl: fields.twitterUrl,
  hourlyRate: wholeNumberText('Hourly rate must be a whole number'),
  yearsOfExperience: wholeNumberText('Years of experience must be a whole number'),
});

export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

export function profileFormDefaults(user: User): ProfileFormInput {
  return {
    username: user.username,
    email: user.email,
    bio: user.bio ?? '',
    location: user.location ?? '',
    website: user.website ?? '',
    githubUrl: user.githubUrl ?? '',
    linkedinUrl: user.linkedinUrl ?? '',
    twitterUrl: user.twitterUrl ?? '',
    hourlyRate: user.hourlyRate === null ? '' : String(user.hourlyRate),
    yearsOfExperience: user.yearsOfExperience === null ? '' : String(user.yearsOfExperience),
  };
}

const numberOrNull = (text: string) => (text === '' ? null : Number(text));

/** The PATCH body; only finishers have an hourly rate and years of experience to send. */
export function toProfileChanges(values: ProfileFormOutput, { includeRates }: { includeRates: boolean }): UpdateProfileBody {
  return {
    username: values.username,
    email: values.email,
    bio: values.bio || null,
    location: values.location || null,
    // An emptied link clears it ('' is the contract's way to say so).
    website: values.website ?? '',
    githubUrl: values.githubUrl ?? '',
    linkedinUrl: values.linkedinUrl ?? '',
    twitterUrl: values.twitterUrl ?? '',
    ...(includeRates ? { hourlyRate: numberOrNull(values.hourlyRate), yearsOfExperience: numberOrNull(values.yearsOfExperience) } : {}),
  };
}
