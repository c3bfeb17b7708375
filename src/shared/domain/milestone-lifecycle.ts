import { defineLifecycle } from './lifecycle.js';
import { paymentHeld } from './project-lifecycle.js';
import type { ProjectStatus } from './project-status.js';

/**
 * The milestone state machine: the owner adds pending milestones, the assigned finisher marks one
 * completed, the owner approves it or sends it back to pending. Edits and removals only while
 * pending, and every step only while its project is at the right stage.
 */
export const milestoneStatuses = ['pending', 'completed', 'approved'] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];
export type MilestoneAction = 'edit' | 'remove' | 'complete' | 'approve' | 'sendBack';

/** The system approves a delivered milestone the owner left unreviewed past the review window (the deal clock). */
export const milestoneActors = ['owner', 'finisher', 'system', 'other'] as const;
export type MilestoneActor = (typeof milestoneActors)[number];

/** What the server knows beyond the status: the accepted bid's payment is held or released. */
export interface MilestoneFacts {
  isPaid: boolean;
}

/** Milestones are planned and worked on while the project is assigned or in progress. */
export const milestoneWorkStatuses = ['assigned', 'in_progress'] as const satisfies readonly ProjectStatus[];
/** The owner may still approve a finished milestone after the final delivery. */
export const milestoneApprovalStatuses = ['assigned', 'in_progress', 'completed'] as const satisfies readonly ProjectStatus[];

/** The refusal of every owner-only milestone step, adding one included (policies.addMilestone). */
export const ownerManagesMilestones = 'Only the project owner can manage milestones';
const ownerManages = ownerManagesMilestones;

export const milestoneLifecycle = defineLifecycle<MilestoneStatus, MilestoneAction, MilestoneActor, MilestoneFacts>({
  name: 'milestone',
  statuses: milestoneStatuses,
  actors: milestoneActors,
  edges: {
    edit: { from: ['pending'], to: 'pending', actors: ['owner'], refusal: 'Only a pending milestone can be edited', forbidden: ownerManages },
    remove: { from: ['pending'], to: 'pending', actors: ['owner'], refusal: 'Only a pending milestone can be removed', forbidden: ownerManages },
    complete: {
      from: ['pending'],
      to: 'completed',
      actors: ['finisher'],
      refusal: 'Only a pending milestone can be marked completed',
      forbidden: 'Only the assigned developer can complete a milestone',
      needs: paymentHeld,
    },
    approve: {
      from: ['completed'],
      to: 'approved',
      actors: ['owner', 'system'],
      refusal: 'Only a completed milestone can be approved',
      forbidden: ownerManages,
      needs: paymentHeld,
    },
    sendBack: { from: ['completed'], to: 'pending', actors: ['owner'], refusal: 'Only a completed milestone can be sent back', forbidden: ownerManages },
  },
});

/**
 * The project stage each milestone step needs, and what a person is told outside it. Adding a
 * milestone is not an edge (there is no milestone yet) but needs the same stage as editing one.
 */
export const milestoneStage = {
  add: { projectStatuses: milestoneWorkStatuses, refusal: 'Milestones can be added while the project is assigned or in progress' },
  edit: { projectStatuses: milestoneWorkStatuses, refusal: 'Milestones can be changed while the project is assigned or in progress' },
  remove: { projectStatuses: milestoneWorkStatuses, refusal: 'Milestones can be removed while the project is assigned or in progress' },
  complete: { projectStatuses: milestoneWorkStatuses, refusal: 'Milestones can be completed while the project is assigned or in progress' },
  approve: { projectStatuses: milestoneApprovalStatuses, refusal: 'Milestones can be approved while the project is under way' },
  sendBack: { projectStatuses: milestoneApprovalStatuses, refusal: 'Milestones can be sent back while the project is under way' },
} as const satisfies Record<MilestoneAction | 'add', { projectStatuses: readonly ProjectStatus[]; refusal: string }>;

export function isMilestoneStage(action: keyof typeof milestoneStage, projectStatus: ProjectStatus): boolean {
  return (milestoneStage[action].projectStatuses as readonly ProjectStatus[]).includes(projectStatus);
}

export const pastDueDateMessage = 'The due date cannot be in the past';

/** A date's YYYY-MM-DD in UTC. */
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Whether a due date (YYYY-MM-DD) is already past. The server compares it with the earliest
 * calendar day anywhere on earth (UTC-12), so a person late in their evening can still pick
 * their own today; the browser passes the person's own today for a stricter check.
 */
export function isPastDueDate(dueDate: string, now: Date, today: string = isoDay(now.getTime() - 12 * 3_600_000)): boolean {
  return dueDate < today;
}
