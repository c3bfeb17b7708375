import type { ChangeOrderActor } from './change-order-lifecycle.js';
import { type BidActor, winningBidStatuses, type BidStatus } from './bid-lifecycle.js';
import { ownerManagesMilestones } from './milestone-lifecycle.js';
import { isOpenForBids, type ProjectActor } from './project-lifecycle.js';
import type { ProjectStatus } from './project-status.js';
import { isFinisher, isOperator } from './roles.js';

/**
 * Who may do what (docs/decisions/023-lifecycles-and-policies.md), answered in one place: the
 * server enforces these through requireAccess (src/server/domain/require-access.ts), the client
 * reads the same predicates to show or hide controls. Status changes add their own rule through
 * the lifecycles; these are about people.
 */

/** Who is asking: a signed-in user, or null for a visitor. */
export type Person = { id: number; role: string } | null;

/** The two parties of a project: its owner (the spec's submitter) and its assigned finisher. */
export interface ProjectParties {
  submitterId: number;
  finisherId: number | null;
}

export interface ProjectSummary extends ProjectParties {
  status: ProjectStatus;
}

export const isSelf = (person: Person, userId: number): boolean => person !== null && person.id === userId;

export const isOwner = (person: Person, project: Pick<ProjectParties, 'submitterId'>): boolean => person !== null && person.id === project.submitterId;

export const isAssignedFinisher = (person: Person, project: ProjectParties): boolean =>
  person !== null && project.finisherId !== null && person.id === project.finisherId;

/** The owner or the assigned finisher. */
export const isParty = (person: Person, project: ProjectParties): boolean => isOwner(person, project) || isAssignedFinisher(person, project);

/** The bid's own finisher. */
export const isBidder = (person: Person, bid: { finisherId: number }): boolean => person !== null && person.id === bid.finisherId;

/** A finisher who is not the project's owner (spec section 6); whether the project takes bids is the lifecycle's. */
export const mayBidOn = (person: Person, project: ProjectParties): boolean => person !== null && isFinisher(person.role) && !isOwner(person, project);

/** Spec section 6: a finisher, not the owner, on a project open for bids, who has not bid on it yet. */
export const canBid = (person: Person, project: ProjectSummary, bids: readonly { finisherId: number }[]): boolean =>
  mayBidOn(person, project) && isOpenForBids(project.status) && !bids.some((bid) => isBidder(person, bid));

/** A bid's amount, timeline and proposal (and its chat): the project's owner and the bid's finisher. */
export const canReadBid = (person: Person, project: Pick<ProjectParties, 'submitterId'>, bid: { finisherId: number }): boolean =>
  isOwner(person, project) || isBidder(person, bid);

/** The delivery message, the payment and the milestones' amounts and notes: the two parties. */
export const canReadDelivery = (person: Person, project: ProjectParties): boolean => isParty(person, project);

/** Payout accounts are set up by finishers, each for themselves. */
export const canManagePayouts = (person: Person): boolean => person !== null && isFinisher(person.role);

/** The actor a lifecycle sees: what this person is to the project. */
export function projectActorOf(person: Person, project: ProjectParties): ProjectActor {
  if (isOwner(person, project)) return 'owner';
  if (isAssignedFinisher(person, project)) return 'finisher';
  return 'other';
}

/** The owner of the bid's project accepts, declines or shortlists it; its finisher edits or withdraws it; anyone else is 'other'. */
export function bidActorOf(person: Person, project: Pick<ProjectParties, 'submitterId'>, bid?: { finisherId: number }): BidActor {
  if (isOwner(person, project)) return 'owner';
  return bid && isBidder(person, bid) ? 'bidder' : 'other';
}

/** Who a person is to a change order: the party who proposed it, the deal's other party, or neither. */
export function changeOrderActorOf(person: Person, project: ProjectParties, changeOrder: { proposerId: number }): ChangeOrderActor {
  if (!isParty(person, project)) return 'other';
  return person!.id === changeOrder.proposerId ? 'proposer' : 'counterparty';
}

/** A bid that won its project (its deal goes on: payment, milestones, reviews). */
export const isWinningBid = (bid: { status: BidStatus }): boolean => (winningBidStatuses as readonly BidStatus[]).includes(bid.status);

interface Permission<Subject> {
  allows: (person: Person, subject: Subject) => boolean;
  /** What a person is told when it says no (the server answers it as a 403). */
  refusal: string;
}

const permission = <Subject>(allows: Permission<Subject>['allows'], refusal: string): Permission<Subject> => ({ allows, refusal });

/**
 * Every permission the server checks that is not a status change (those are the lifecycles'
 * edges): the rule and the refusal, which is the text the API has always answered.
 */
export const permissions = {
  readOwnProjects: permission((person, userId: number) => isSelf(person, userId), 'You can only view your own projects'),
  readOwnSpending: permission((person, userId: number) => isSelf(person, userId), 'You can only view your own spending'),
  readOwnEarnings: permission((person, userId: number) => isSelf(person, userId), 'You can only view your own earnings and statements'),
  readOwnBids: permission((person, userId: number) => isSelf(person, userId), 'You can only view your own bids'),
  readOwnChats: permission((person, userId: number) => isSelf(person, userId), 'You can only view your own chats'),
  readOwnNotifications: permission((person, userId: number) => isSelf(person, userId), 'You can only access your own notifications'),
  notifyOnlySelf: permission((person, userId: number) => isSelf(person, userId), 'You can only create notifications for yourself'),
  editOwnProfile: permission((person, userId: number) => isSelf(person, userId), 'You can only edit your own profile'),
  manageOwnEmailPreferences: permission((person, userId: number) => isSelf(person, userId), 'You can only manage your own email preferences'),
  manageOwnPayoutAccount: permission((person, userId: number) => isSelf(person, userId), 'You can only manage your own payout account'),
  setUpPayouts: permission((person, _subject: null) => canManagePayouts(person), 'Only developers can set up payouts'),
  bidAsFinisher: permission((person, _subject: null) => person !== null && isFinisher(person.role), 'Only developers can bid on projects'),
  bidOnOthersProject: permission((person, project: Pick<ProjectParties, 'submitterId'>) => !isOwner(person, project), 'You cannot bid on your own project'),
  readBid: permission(
    (person, { project, bid }: { project: Pick<ProjectParties, 'submitterId'>; bid: { finisherId: number } }) => canReadBid(person, project, bid),
    'You do not have permission to view this bid',
  ),
  changeOwnMessage: permission((person, message: { senderId: number }) => isSelf(person, message.senderId), 'You can only change your own messages.'),
  chatAboutBid: permission(
    (person, { project, bid }: { project: Pick<ProjectParties, 'submitterId'>; bid: { finisherId: number } }) => canReadBid(person, project, bid),
    "You don't have permission to access this chat.",
  ),
  payForBid: permission((person, project: Pick<ProjectParties, 'submitterId'>) => isOwner(person, project), 'Only the project owner can pay for this bid'),
  readPayment: permission((person, project: ProjectParties) => isParty(person, project), 'Only the project owner and its developer can see its payment'),
  // The sandbox's chargeback: the card holder disputes their own payment; an operator may play it for any.
  simulateCardDispute: permission(
    (person, project: Pick<ProjectParties, 'submitterId'>) => isOwner(person, project) || (person !== null && isOperator(person.role)),
    'Only the project owner can dispute this payment',
  ),
  // Issue 30: the owner invites finishers and reads the project's invitations and suggestions; a finisher reads their own.
  inviteToBid: permission(
    (person, project: Pick<ProjectParties, 'submitterId'>) => isOwner(person, project),
    'Only the project owner can invite developers to bid',
  ),
  readProjectInvitations: permission(
    (person, project: Pick<ProjectParties, 'submitterId'>) => isOwner(person, project),
    "Only the project owner can see this project's invitations",
  ),
  readOwnInvitations: permission((person, userId: number) => isSelf(person, userId), 'You can only view your own invitations'),
  // Issue 31: receipts and payout statements are their holder's alone.
  readOwnDocuments: permission((person, userId: number) => isSelf(person, userId), 'You can only view your own receipts and statements'),
  manageOwnSavedSearches: permission((person, userId: number) => isSelf(person, userId), 'You can only manage your own saved searches'),
  saveProjectSearch: permission((person, userId: number) => isSelf(person, userId) && isFinisher(person!.role), 'Only developers can save project searches'),
  readSuggestedFinishers: permission(
    (person, project: Pick<ProjectParties, 'submitterId'>) => isOwner(person, project),
    'Only the project owner can see suggested finishers',
  ),
  // Issue 18: the owner edits the posted project; the two parties read the frozen statement of work.
  editProject: permission((person, project: Pick<ProjectParties, 'submitterId'>) => isOwner(person, project), 'Only the project owner can edit this project'),
  // Operators read it too where the deal has a dispute, which is settled against what was agreed;
  // elsewhere an operator is a stranger to the deal (issue 26).
  readScope: permission(
    (person, project: ProjectParties & { isDisputed: boolean }) =>
      isParty(person, project) || (person !== null && isOperator(person.role) && project.isDisputed),
    'Only the project owner and its developer can see the agreed scope',
  ),
  readDeal: permission((person, project: ProjectParties) => isParty(person, project), 'Only the project owner and its developer can see its deal'),
  // Issue 29: only the assigned finisher names a pull request to deliver with (checked before the host is asked).
  deliverByPullRequest: permission(
    (person, project: ProjectParties) => isAssignedFinisher(person, project),
    'Only the assigned developer can deliver the work',
  ),
  answerCancellation: permission(
    (person, project: ProjectParties) => isAssignedFinisher(person, project),
    'Only the assigned developer can answer the cancellation request',
  ),
  // Change orders (issue 18, item 6): the deal's two parties propose and read them; the owner pays.
  proposeChangeOrder: permission(
    (person, project: ProjectParties) => isParty(person, project),
    'Only the project owner and its developer can propose a change order',
  ),
  readChangeOrders: permission(
    (person, project: ProjectParties) => isParty(person, project),
    "Only the project owner and its developer can see this deal's change orders",
  ),
  payChangeOrder: permission(
    (person, project: Pick<ProjectParties, 'submitterId'>) => isOwner(person, project),
    'Only the project owner can pay for a change order',
  ),
  addMilestone: permission((person, project: Pick<ProjectParties, 'submitterId'>) => isOwner(person, project), ownerManagesMilestones),
  // Disputes (issue 15): the two parties act; operators read and rule, never as a party.
  openDispute: permission((person, project: ProjectParties) => isParty(person, project), 'Only the project owner and its developer can open a dispute'),
  readDispute: permission(
    (person, project: ProjectParties) => isParty(person, project) || (person !== null && isOperator(person.role)),
    'Only the two parties and Finishline operators can see this dispute',
  ),
  // Money records (issue 31): the two parties read their deal's ledger; operators read any.
  readLedger: permission(
    (person, project: ProjectParties) => isParty(person, project) || (person !== null && isOperator(person.role)),
    'Only the project owner, its developer and Finishline operators can see where its money went',
  ),
  actInDispute: permission((person, project: ProjectParties) => isParty(person, project), 'Only the two parties can take this step in the dispute'),
  operate: permission((person, _subject: null) => person !== null && isOperator(person.role), 'Only Finishline operators can do this'),
  ruleDispute: permission(
    (person, project: ProjectParties) => person !== null && isOperator(person.role) && !isParty(person, project),
    'Only a Finishline operator who is not a party to the deal can rule on this dispute',
  ),
  reviewProject: permission((person, project: ProjectParties) => isParty(person, project), 'Only the project owner and its developer can review this project'),
  editReview: permission((person, review: { reviewerId: number }) => isSelf(person, review.reviewerId), 'You can only change your own review'),
} as const;

export type PermissionName = keyof typeof permissions;
export type PermissionSubject<Name extends PermissionName> = Parameters<(typeof permissions)[Name]['allows']>[1];

/** Whether the person may: what the client asks before it shows a control. */
export function isAllowed<Name extends PermissionName>(name: Name, person: Person, subject: PermissionSubject<Name>): boolean {
  return (permissions[name].allows as (person: Person, subject: PermissionSubject<Name>) => boolean)(person, subject);
}
