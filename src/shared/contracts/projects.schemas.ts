import { z } from 'zod';
import { dealReasonLimits } from '#shared/domain/deal.js';
import { codeLinkProblem, INVALID_CODE_LINK } from '#shared/domain/code-link.js';
import { limits, projectLimits as L, scopeLimits as S, uniqueTechnologies } from '#shared/domain/limits.js';
import { projectStatuses } from '#shared/domain/project-status.js';
import { projectSearchLimits, projectSorts } from '#shared/domain/project-search.js';
import { dealActions, dealStages } from '#shared/domain/deal-machine.js';
import { bidSchema } from './bids.schemas.js';
import { repositorySchema, repositorySummarySchema } from './repositories.schemas.js';
import { dealReasonSchema } from './deal.schemas.js';
import { numberOrNumericText } from './numeric-text.js';
import { budgetFilterSchema } from './budget-filter.js';
import { formatCount } from '#shared/domain/counts.js';

export const projectStatusSchema = z.enum(projectStatuses);

export const personSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  techStack: z.array(z.string()),
  codeLink: z.string(),
  /** Path of the screenshot, served by this server; null without one. */
  imageUrl: z.string().nullable(),
  status: projectStatusSchema,
  submitterId: z.number().int(),
  finisherId: z.number().int().nullable(),
  /** The submitter's budget in whole dollars (the spec's field), from budgetCents (decision 026). */
  budget: z.number().int().nullable(),
  /** The budget in cents: what the client reads. */
  budgetCents: z.number().int().nullable(),
  timeframe: z.string().nullable(),
  /** Only the owner and the assigned finisher read the delivery message; null for everyone else. */
  deliveryMessage: z.string().nullable(),
  completedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
  bidCount: z.number().int(),
  submitter: personSummarySchema.extend({ rating: z.number().nullable() }),
  finisher: personSummarySchema.nullable(),
  /** True once the accepted bid has been paid (the money is held or released). */
  isPaid: z.boolean(),
  /** On the answer to posting a project (issue 18); the detail always carries them. */
  acceptanceCriteria: z.array(z.object({ id: z.number().int(), text: z.string() })).optional(),
  /**
   * The deal machine's stage, on a person's own list (GET /api/users/{id}/projects), where they are
   * the owner or the assigned finisher: its cards name the stage (issue 28, item 8). Absent elsewhere;
   * the project detail carries it in deal.stage.
   */
  dealStage: z.enum(dealStages).optional(),
  /** The connected repository (issue 29); null without one. codeLink stays the link for everyone else. */
  repository: repositorySchema.nullable(),
  /** The card's summary of the repository's latest intake report; null without a connected repository. */
  repositorySummary: repositorySummarySchema.nullable(),
  /** The owner's choices for the connected repository: push access once paid, and merge = accept. */
  grantRepositoryAccess: z.boolean(),
  mergeAcceptsDelivery: z.boolean(),
});
export type Project = z.infer<typeof projectSchema>;

/** An acceptance criterion as the API reads it back (issue 18). */
const acceptanceCriterionSchema = z.object({ id: z.number().int(), text: z.string() });
export type AcceptanceCriterion = z.infer<typeof acceptanceCriterionSchema>;

export const projectDetailSchema = projectSchema.extend({
  bids: z.array(bidSchema),
  /** What "finished" means, in the owner's order; empty for a project without criteria. */
  acceptanceCriteria: z.array(acceptanceCriterionSchema),
  /**
   * The deal as the deal machine sees it for the signed-in owner or assigned finisher (null for
   * anyone else): its stage and the actions this party may take now. The project page renders its
   * controls from it, the same on the server render and the client's first render (issue 27).
   */
  deal: z.object({ stage: z.enum(dealStages), allowedActions: z.array(z.enum(dealActions)) }).nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** 0 to 20 acceptance criteria of 5 to 300 characters each, each once (issue 18, item 1). */
export const acceptanceCriteriaSchema = z
  .array(
    z
      .string({ error: `Each acceptance criterion must be at least ${S.criterionMin} characters` })
      .trim()
      .min(S.criterionMin, `Each acceptance criterion must be at least ${S.criterionMin} characters`)
      .max(S.criterionMax, `Each acceptance criterion must be at most ${S.criterionMax} characters`),
    { error: 'Acceptance criteria must be a list of texts' },
  )
  .max(S.criteriaMax, `A project can have at most ${S.criteriaMax} acceptance criteria`)
  .refine((list) => new Set(list.map((text) => text.toLowerCase())).size === list.length, 'Each acceptance criterion must be different');

/** A project's code repository link: one rule for both posting forms, the edit form and the server (issue 28, item 15). */
export const codeLinkSchema = z
  .string({ error: INVALID_CODE_LINK })
  .trim()
  // Stated in the schema as well, so that the API description carries the limit.
  .max(limits.linkMax, `Links must be at most ${limits.linkMax} characters`)
  .superRefine((link, context) => {
    const problem = codeLinkProblem(link);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Submit Project (spec section 5). submitterId may be sent but the server uses the signed-in user. */
export const createProjectSchema = z.strictObject({
  name: z
    .string({ error: 'Project name must be at least 5 characters' })
    .trim()
    .min(L.nameMin, 'Project name must be at least 5 characters')
    .max(L.nameMax, `Project name must be at most ${L.nameMax} characters`),
  description: z
    .string({ error: 'Description must be at least 50 characters' })
    .trim()
    .min(L.descriptionMin, 'Description must be at least 50 characters')
    .max(L.descriptionMax, `Description must be at most ${L.descriptionMax} characters`),
  techStack: z
    .array(
      z
        .string({ error: 'Select at least one technology' })
        .trim()
        .min(1, 'A technology cannot be empty')
        .max(L.technologyMax, `A technology must be at most ${L.technologyMax} characters`),
      { error: 'Select at least one technology' },
    )
    .min(1, 'Select at least one technology')
    .max(L.techStackMax, `Select at most ${L.techStackMax} technologies`)
    // Duplicates (in any letter case) are ignored; any technology may be named (issue 16).
    .transform(uniqueTechnologies),
  codeLink: codeLinkSchema,
  budget: numberOrNumericText(
    z
      .number({ error: 'Budget must be a whole number of dollars' })
      .positive('Budget must be positive')
      .int('Budget must be a whole number of dollars')
      .max(L.budgetMaxDollars, 'Budget is too large'),
  ).nullish(),
  timeframe: z.string().trim().max(L.timeframeMax, `Timeframe must be at most ${L.timeframeMax} characters`).nullish(),
  acceptanceCriteria: acceptanceCriteriaSchema.optional(),
  /** A repository from GET /api/repositories to connect (issue 29); null disconnects it on an edit. */
  repositoryId: z.number({ error: 'repositoryId must be a repository id' }).int().positive().max(2_147_483_647).nullish(),
  grantRepositoryAccess: z.boolean({ error: 'grantRepositoryAccess must be true or false' }).optional(),
  mergeAcceptsDelivery: z.boolean({ error: 'mergeAcceptsDelivery must be true or false' }).optional(),
  submitterId: z.unknown().optional(),
});
/** What a client sends to create a project (wire) and what the service takes after parsing. */
export type CreateProjectBody = z.input<typeof createProjectSchema>;
export type CreateProjectInput = z.output<typeof createProjectSchema>;

/** PATCH /api/projects/{id}: the owner changes any of the posted fields while the project is open for bids. */
export const updateProjectSchema = createProjectSchema
  .omit({ submitterId: true })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Change at least one field of the project');
export type UpdateProjectInput = z.output<typeof updateProjectSchema>;

export const updateProjectStatusSchema = z.strictObject({
  status: z.enum(['paused', 'active', 'cancelled'], { error: 'Status must be paused, active or cancelled' }),
});

export const completeProjectSchema = z.strictObject({
  deliveryMessage: z
    .string({ error: 'Please provide a delivery message of at least 10 characters' })
    .trim()
    .min(L.deliveryMessageMin, 'Please provide a delivery message of at least 10 characters')
    .max(L.deliveryMessageMax, `The delivery message must be at most ${L.deliveryMessageMax} characters`),
  /** Issue 18: a link or a short note for each agreed acceptance criterion. */
  evidence: z
    .array(
      z.strictObject({
        criterionId: z.number({ error: 'Each piece of evidence names a criterion' }).int().positive(),
        note: z
          .string({ error: 'Give a link or a short note for each criterion' })
          .trim()
          .min(1, 'Give a link or a short note for each criterion')
          .max(S.evidenceNoteMax, `Evidence must be at most ${S.evidenceNoteMax} characters`),
      }),
    )
    .max(S.criteriaMax)
    .refine((list) => new Set(list.map((e) => e.criterionId)).size === list.length, 'Give evidence for each criterion once')
    .optional(),
});
export type CompleteProjectBody = z.input<typeof completeProjectSchema>;

/** Delivery by pull request (issue 29): its number on the connected repository, and optionally a message and evidence. */
export const deliverPullRequestSchema = z.strictObject({
  number: z
    .number({ error: 'Name the pull request by its number' })
    .int('Name the pull request by its number')
    .positive('Name the pull request by its number')
    .max(2_147_483_647, 'No pull request has that number'),
  deliveryMessage: completeProjectSchema.shape.deliveryMessage.optional(),
  evidence: completeProjectSchema.shape.evidence,
});
export type DeliverPullRequestBody = z.input<typeof deliverPullRequestSchema>;

/** Accepting takes nothing more; a revision request takes the owner's reason, which the finisher reads. */
export const reviewWorkSchema = z
  .strictObject({
    accepted: z.boolean({ error: 'accepted must be true or false' }),
    reason: z
      .string({ error: 'The reason must be text' })
      .trim()
      .max(dealReasonLimits.max, `The reason for the revision must be at most ${formatCount(dealReasonLimits.max)} characters`)
      .optional(),
    /** Issue 18: the agreed criteria not met (at least one when the deal has criteria). */
    unmetCriteria: z
      .array(z.number({ error: 'unmetCriteria lists criterion ids' }).int().positive(), { error: 'unmetCriteria lists criterion ids' })
      .max(S.criteriaMax)
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.accepted) return;
    const reason = dealReasonSchema('revision').safeParse(body.reason ?? '');
    if (!reason.success) context.addIssue({ code: 'custom', path: ['reason'], message: reason.error.issues[0]!.message });
  })
  .transform((body) =>
    body.accepted ? { accepted: true as const } : { accepted: false as const, reason: body.reason!, unmetCriteria: [...new Set(body.unmetCriteria ?? [])] },
  );
export type ReviewWorkBody = z.input<typeof reviewWorkSchema>;

/** GET /api/projects. Unknown parameters (the client's cache-busting _t) are ignored. */
// In a query string the bound comes as text.
const searchBudget = (field: 'minBudget' | 'maxBudget') => numberOrNumericText(budgetFilterSchema(field));

/** GET /api/projects (issue 30, items 1 and 2): the browse filters and order, as the page's URL carries them. */
export const listProjectsQuerySchema = z
  .object({
    q: z.string().trim().max(projectSearchLimits.textMax, `The search text must be at most ${projectSearchLimits.textMax} characters`).optional(),
    /** One or more technologies, the key repeated (?tech=React&tech=Go): a project with any of them matches. */
    tech: z
      .preprocess(
        (value) => (typeof value === 'string' ? [value] : value),
        z
          .array(
            z.string().trim().min(1, 'Each technology must be a text').max(L.technologyMax, `Each technology must be at most ${L.technologyMax} characters`),
          )
          .max(projectSearchLimits.techMax, `A search can name at most ${projectSearchLimits.techMax} technologies`),
      )
      .optional(),
    minBudget: searchBudget('minBudget').optional(),
    maxBudget: searchBudget('maxBudget').optional(),
    sort: z.enum(projectSorts, { error: `sort must be one of ${projectSorts.join(', ')}` }).optional(),
    status: projectStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(L.browsePageMax).default(L.browsePageDefault),
    cursor: z.string().max(200).optional(),
  })
  .refine((query) => query.minBudget === undefined || query.maxBudget === undefined || query.minBudget <= query.maxBudget, {
    message: 'The minimum budget must not be more than the maximum',
    path: ['minBudget'],
  });
export type ListProjectsQuery = z.infer<typeof listProjectsQuerySchema>;

export const technologiesSchema = z.array(z.string());

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** totalSpent in whole dollars (bids are whole dollars), totalSpentCents what the client reads (decision 026). */
export const totalSpendingSchema = z.object({ totalSpent: z.number().int(), totalSpentCents: z.number().int() });
export type TotalSpending = z.infer<typeof totalSpendingSchema>;
