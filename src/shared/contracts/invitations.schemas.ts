import { z } from 'zod';

/** POST /api/projects/{id}/invitations: the finisher the owner invites (a developer's id from the directory). */
export const createInvitationSchema = z.strictObject({
  developerId: z
    .number({ error: 'developerId must be a developer id' })
    .int({ error: 'developerId must be a developer id' })
    .positive({ error: 'developerId must be a developer id' })
    .max(2_147_483_647, { error: 'developerId must be a developer id' }),
});
export type CreateInvitationBody = z.infer<typeof createInvitationSchema>;

/** Open until the finisher bids ('bid') or the project stops taking bids ('closed'). */
export const invitationStatusSchema = z.enum(['open', 'bid', 'closed']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

const personSchema = z.object({ id: z.number().int(), username: z.string(), avatarUrl: z.string().nullable() });

/** One invitation, as the owner's project page and the finisher's dashboard read it. */
export const invitationSchema = z.object({
  id: z.number().int(),
  status: invitationStatusSchema,
  createdAt: z.string(),
  project: z.object({ id: z.number().int(), name: z.string(), budgetCents: z.number().int().nullable(), techStack: z.array(z.string()) }),
  owner: personSchema,
  developer: personSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;
