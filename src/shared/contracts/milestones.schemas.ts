import { z } from 'zod';
import { milestoneStatuses } from '#shared/domain/milestone-lifecycle.js';

const dollars = z
  .number({ error: 'Amount must be a positive number of dollars' })
  .positive('Amount must be a positive number of dollars')
  .max(10_000_000, 'Amount is too large')
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'Amount can have at most two decimals');

const dueDate = z
  .string()
  .trim()
  .max(10, 'Due date must be a date (YYYY-MM-DD)')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Due date must be a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Due date must be a date (YYYY-MM-DD)')
  .nullish();

export const createMilestoneSchema = z.strictObject({
  title: z
    .string({ error: 'Title must be at least 3 characters' })
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(120, 'Title must be at most 120 characters'),
  description: z.string().trim().max(2_000, 'Description must be at most 2000 characters').nullish(),
  amount: dollars,
  dueDate,
});
/** What a client sends to add a milestone (wire) and what the service takes after parsing. */
export type CreateMilestoneBody = z.input<typeof createMilestoneSchema>;
export type CreateMilestoneInput = z.output<typeof createMilestoneSchema>;

export const updateMilestoneSchema = createMilestoneSchema.partial();
export type UpdateMilestoneBody = z.input<typeof updateMilestoneSchema>;
export type UpdateMilestoneInput = z.output<typeof updateMilestoneSchema>;

export const completeMilestoneSchema = z.strictObject({
  note: z.string({ error: 'Please add a short note (at least 5 characters)' }).trim().min(5, 'Please add a short note (at least 5 characters)').max(2_000),
});

export const sendBackMilestoneSchema = z.strictObject({
  feedback: z
    .string({ error: 'Please say what still needs work (at least 5 characters)' })
    .trim()
    .min(5, 'Please say what still needs work (at least 5 characters)')
    .max(2_000),
});

/** A milestone as its project's owner and finisher see it; others get no amount. */
export const milestoneSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** Dollars to the cent (the spec's field), from amountCents; both omitted for anyone but the owner and the assigned finisher. */
  amount: z.number().optional(),
  /** The amount in cents: what the client reads (decision 026). */
  amountCents: z.number().int().optional(),
  /** What approving it releases to the finisher: the amount less the platform fee (shared/domain/money.ts); omitted with the amount. */
  payoutCents: z.number().int().optional(),
  status: z.enum(milestoneStatuses),
  dueDate: z.string().nullable(),
  isOverdue: z.boolean(),
  completionNote: z.string().nullable(),
  feedback: z.string().nullable(),
  completedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const milestoneIdParamsSchema = z.object({ milestoneId: z.coerce.number().int().positive().max(2_147_483_647) });
