import type { BidWithProject } from '#shared/contracts/bids.js';
import type { ChatSummary } from '#shared/contracts/conversations.js';
import { isOwner } from '#shared/domain/policies.js';
import { isFinisher } from '#shared/domain/roles.js';

/** Who is who in a bid's chat, as far as the loaded data tells. */
export interface ChatParties {
  /** The viewer is the project's creator (the client), so the other party is the developer. */
  isViewerCreator: boolean;
  otherUsername: string;
  project: { id: number; name: string } | null;
  amount: number | null;
}

type BidView = Pick<BidWithProject, 'amount' | 'finisher' | 'finisherId'> & {
  project: Pick<BidWithProject['project'], 'id' | 'name' | 'submitterId' | 'submitter'>;
};

/** The bid is the authority; the conversation-list row and the viewer's role fill in while it loads. */
export function chatParties(viewer: { id: number; role: string }, bid: BidView | undefined, chat: ChatSummary | undefined): ChatParties {
  const isViewerCreator = bid ? isOwner(viewer, bid.project) : !isFinisher(viewer.role);
  const otherFromBid = bid ? (isViewerCreator ? bid.finisher.username : bid.project.submitter.username) : undefined;
  return {
    isViewerCreator,
    otherUsername: otherFromBid ?? chat?.otherUser.username ?? '',
    project: bid ? { id: bid.project.id, name: bid.project.name } : (chat?.project ?? null),
    amount: bid?.amount ?? chat?.bid.amount ?? null,
  };
}
