import type { ProjectStatus } from './project-status.js';
import { projectStatuses } from './project-status.js';

/**
 * The project state machine of spec section 4, as data: every status change the server makes
 * goes through one of these edges. `actor` says who may take it: the project's owner, its
 * assigned finisher, or the system (payment events).
 */
export type ProjectAction = 'pause' | 'reactivate' | 'cancel' | 'assign' | 'startWork' | 'deliver' | 'acceptWork' | 'requestRevision';
export type ProjectActor = 'owner' | 'finisher' | 'system';

interface Edge {
  from: readonly ProjectStatus[];
  to: ProjectStatus;
  actor: ProjectActor;
  /** Why the edge is refused from any other status. */
  refusal: string;
}

const openForBids = ['open', 'active'] as const satisfies readonly ProjectStatus[];
const underWay = ['assigned', 'in_progress', 'paid'] as const satisfies readonly ProjectStatus[];

export const projectLifecycle: Record<ProjectAction, Edge> = {
  pause: { from: openForBids, to: 'paused', actor: 'owner', refusal: 'Only a project that is open for bids can be paused' },
  reactivate: { from: ['paused'], to: 'active', actor: 'owner', refusal: 'Only a paused project can be reactivated' },
  cancel: {
    from: projectStatuses.filter((s) => s !== 'cancelled'),
    to: 'cancelled',
    actor: 'owner',
    refusal: 'This project is already cancelled',
  },
  assign: { from: openForBids, to: 'assigned', actor: 'owner', refusal: 'This project is not open for bids' },
  startWork: { from: ['assigned'], to: 'in_progress', actor: 'system', refusal: 'Work can only start on an assigned project' },
  deliver: {
    from: underWay,
    to: 'completed',
    actor: 'finisher',
    refusal: 'Work can only be delivered while the project is assigned or in progress',
  },
  acceptWork: { from: ['completed'], to: 'accepted', actor: 'owner', refusal: 'Work can only be accepted after it has been delivered' },
  // Back to in progress when paid; the service picks 'assigned' for an unpaid project (see revisionTarget).
  requestRevision: {
    from: ['completed'],
    to: 'in_progress',
    actor: 'owner',
    refusal: 'A revision can only be requested after the work has been delivered',
  },
};

export type TransitionResult = { ok: true; to: ProjectStatus } | { ok: false; message: string };

export function transitionProject(action: ProjectAction, from: ProjectStatus): TransitionResult {
  const edge = projectLifecycle[action];
  return edge.from.includes(from) ? { ok: true, to: edge.to } : { ok: false, message: edge.refusal };
}

/** A revision sends paid work back to in progress, and unpaid work back to assigned. */
export function revisionTarget(isPaid: boolean): ProjectStatus {
  return isPaid ? 'in_progress' : 'assigned';
}

export function canTakeAction(action: ProjectAction, status: ProjectStatus): boolean {
  return projectLifecycle[action].from.includes(status);
}

export function isOpenForBids(status: ProjectStatus): boolean {
  return (openForBids as readonly ProjectStatus[]).includes(status);
}

/**
 * The milestone state machine: the owner adds pending milestones, the assigned finisher marks one
 * completed, the owner approves it or sends it back to pending. Edits and removals only while pending.
 */
export const milestoneStatuses = ['pending', 'completed', 'approved'] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];
export type MilestoneAction = 'edit' | 'remove' | 'complete' | 'approve' | 'sendBack';

interface MilestoneEdge {
  from: readonly MilestoneStatus[];
  to: MilestoneStatus;
  actor: 'owner' | 'finisher';
  refusal: string;
}

export const milestoneLifecycle: Record<MilestoneAction, MilestoneEdge> = {
  edit: { from: ['pending'], to: 'pending', actor: 'owner', refusal: 'Only a pending milestone can be edited' },
  remove: { from: ['pending'], to: 'pending', actor: 'owner', refusal: 'Only a pending milestone can be removed' },
  complete: { from: ['pending'], to: 'completed', actor: 'finisher', refusal: 'Only a pending milestone can be marked completed' },
  approve: { from: ['completed'], to: 'approved', actor: 'owner', refusal: 'Only a completed milestone can be approved' },
  sendBack: { from: ['completed'], to: 'pending', actor: 'owner', refusal: 'Only a completed milestone can be sent back' },
};

export function transitionMilestone(action: MilestoneAction, from: MilestoneStatus): { ok: true; to: MilestoneStatus } | { ok: false; message: string } {
  const edge = milestoneLifecycle[action];
  return edge.from.includes(from) ? { ok: true, to: edge.to } : { ok: false, message: edge.refusal };
}

/** Milestones are planned and worked on while the project is assigned or in progress. */
export const milestoneWorkStatuses = ['assigned', 'in_progress'] as const satisfies readonly ProjectStatus[];
/** The owner may still approve a finished milestone after the final delivery. */
export const milestoneApprovalStatuses = ['assigned', 'in_progress', 'completed'] as const satisfies readonly ProjectStatus[];
