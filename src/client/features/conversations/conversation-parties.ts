import type { BidWithProject } from '#shared/contracts/bids.js';
import type { ChatSummary } from '#shared/contracts/conversations.js';
import { isOwner } from '#shared/domain/policies.js';
import { isFinisher } from '#shared/domain/roles.js';

/** Who is who in a bid's conversation, as far as the loaded data tells. */
export interface ConversationParties {
  /** The viewer is the project's owner, so the other party is the bid's finisher. */
  isViewerOwner: boolean;
  otherUsername: string;
  project: { id: number; name: string } | null;
  amountCents: number | null;
}

type BidView = Pick<BidWithProject, 'amountCents' | 'finisher' | 'finisherId'> & {
  project: Pick<BidWithProject['project'], 'id' | 'name' | 'submitterId' | 'submitter'>;
};

/** The bid is the authority; the conversation-list row and the viewer's role fill in while it loads. */
export function conversationParties(viewer: { id: number; role: string }, bid: BidView | undefined, summary: ChatSummary | undefined): ConversationParties {
  const isViewerOwner = bid ? isOwner(viewer, bid.project) : !isFinisher(viewer.role);
  const otherFromBid = bid ? (isViewerOwner ? bid.finisher.username : bid.project.submitter.username) : undefined;
  return {
    isViewerOwner,
    otherUsername: otherFromBid ?? summary?.otherUser.username ?? '',
    project: bid ? { id: bid.project.id, name: bid.project.name } : (summary?.project ?? null),
    amountCents: bid?.amountCents ?? summary?.bid.amountCents ?? null,
  };
}
