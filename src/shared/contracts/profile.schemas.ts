import { z } from 'zod';
import { limits } from '#shared/domain/limits.js';
import { usernameSchema } from './auth.schemas.js';

/** An optional, nullable link: empty text clears it. */
const link = z
  .string({ error: 'Please enter a valid URL' })
  .trim()
  .max(limits.linkMax, `Links must be at most ${limits.linkMax} characters`)
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Please enter a valid URL' })], { error: 'Please enter a valid URL' }))
  .nullish()
  .transform((value) => (value === '' ? null : value));

const textList = z
  .array(z.string().trim().min(1).max(40), { error: 'Expected a list of text' })
  .max(50)
  .transform((list) => [...new Set(list)]);

const wholeNumber = (message: string) => z.number({ error: message }).int(message).min(0, message).max(1_000_000, message).nullish();

/** PATCH /api/users/{id}/profile (spec section 5, Profile update): every field optional. */
export const updateProfileSchema = z.strictObject({
  username: usernameSchema.optional(),
  email: z.string().trim().toLowerCase().max(limits.emailMax, 'Please enter a valid email').email('Please enter a valid email').optional(),
  bio: z.string().trim().max(2_000, 'Bio must be at most 2000 characters').nullish(),
  location: z.string().trim().max(100, 'Location must be at most 100 characters').nullish(),
  website: link,
  githubUrl: link,
  linkedinUrl: link,
  twitterUrl: link,
  skills: textList.optional(),
  languages: textList.optional(),
  frameworks: textList.optional(),
  hourlyRate: wholeNumber('Hourly rate must be a whole number'),
  yearsOfExperience: wholeNumber('Years of experience must be a whole number'),
  // Only clearing is accepted here; a new avatar arrives as an uploaded file.
  avatarUrl: z.null().optional(),
});
/** What a client sends to update a profile (wire) and what the service takes after parsing. */
export type UpdateProfileBody = z.input<typeof updateProfileSchema>;
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;
