import { Inbox } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { Bid } from '#shared/contracts/bids.js';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { bidLifecycle } from '#shared/domain/bid-lifecycle.js';
import { bidActorOf, canReadBid, isOwner, isWinningBid, type Person, projectActorOf } from '#shared/domain/policies.js';
import { isOpenForBids, projectLifecycle } from '#shared/domain/project-lifecycle.js';
import { Label } from '#client/components/ui/label.js';
import { Badge } from '#client/components/ui/badge.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.js';
import { useStartConversation } from '#client/features/conversations/api.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { type BidActions, BidItem } from './bid-item.js';
import { useAcceptBid, useDeclineBid, useShortlistBid, useWithdrawBid } from './api.js';

// The owner's sort control loads apart: nobody else's project page loads or evaluates the select (decision 018).
const OptionsSelect = lazyComponent(() => import('#client/components/ui/select.js'), 'OptionsSelect');

type Tab = 'all' | 'accepted';

interface ProjectBidsCardProps {
  project: Pick<ProjectDetail, 'id' | 'status' | 'bids' | 'isPaid' | 'submitterId' | 'finisherId' | 'acceptanceCriteria' | 'deal'>;
  user: Person;
}

type SortKey = 'newest' | 'amount' | 'timeline' | 'rating';
const sortOptions = [
  { value: 'newest', label: 'Newest' },
  { value: 'amount', label: 'Amount (lowest first)' },
  { value: 'timeline', label: 'Timeline (shortest first)' },
  { value: 'rating', label: 'Rating (highest first)' },
] as const;

/**
 * Issue 18, item 9: sorted on the client; the owner's shortlist stays first whatever the order
 * (the server lists it first, newest next).
 */
export function sortBids(bids: readonly Bid[], key: SortKey): Bid[] {
  const measure: Record<Exclude<SortKey, 'newest'>, (bid: Bid) => number> = {
    amount: (bid) => bid.amountCents ?? Number.POSITIVE_INFINITY,
    timeline: (bid) => bid.timeline ?? Number.POSITIVE_INFINITY,
    rating: (bid) => -(bid.finisherRecord?.averageRating ?? -1),
  };
  const shortlistFirst = (a: Bid, b: Bid) => Number(Boolean(b.shortlisted)) - Number(Boolean(a.shortlisted));
  if (key === 'newest') return [...bids].sort(shortlistFirst);
  return [...bids].sort((a, b) => shortlistFirst(a, b) || measure[key](a) - measure[key](b));
}

/** The Project Bids card: a count badge, 'All Bids' and (owner only) 'Accepted' tabs (spec section 2). */
export function ProjectBidsCard({ project, user }: ProjectBidsCardProps) {
  const acceptBid = useAcceptBid();
  const withdrawBid = useWithdrawBid();
  const declineBid = useDeclineBid();
  const shortlistBid = useShortlistBid();
  const [sortKey, setSortKey] = useState<SortKey>('newest');
  const isBusy = withdrawBid.isPending || declineBid.isPending || shortlistBid.isPending;
  const startConversation = useStartConversation();
  const isViewerOwner = isOwner(user, project);
  const accepted = project.bids.filter(isWinningBid);
  // Accepting a bid assigns the project, so both lifecycles must allow it.
  const canAssign = projectLifecycle.canTake('assign', projectActorOf(user, project), project.status);
  // The owner pays (the payForBid permission), once.
  const canPay = isViewerOwner && !project.isPaid;

  const canStep = (action: 'edit' | 'withdraw' | 'shortlist' | 'decline', bid: Bid) => bidLifecycle.canTake(action, bidActorOf(user, project, bid), bid.status);
  const actionsFor = (bid: Bid, tab: Tab): BidActions => ({
    canEdit: canStep('edit', bid) && isOpenForBids(project.status),
    canWithdraw: canStep('withdraw', bid),
    onWithdraw: () => withdrawBid.mutate(bid.id),
    canShortlist: canStep('shortlist', bid),
    onShortlist: (shortlisted) => shortlistBid.mutate({ bidId: bid.id, shortlisted }),
    canDecline: canStep('decline', bid),
    onDecline: (reason, done) => declineBid.mutate({ bidId: bid.id, reason }, { onSuccess: done }),
    isBusy,
    canChat: canReadBid(user, project, bid),
    onChat: () => startConversation.mutate(bid.id),
    isStartingChat: startConversation.isPending && startConversation.variables === bid.id,
    canAccept: canAssign && bidLifecycle.canTake('accept', bidActorOf(user, project), bid.status),
    isAccepting: acceptBid.isPending && acceptBid.variables === bid.id,
    onAccept: () => acceptBid.mutate(bid.id),
    // An accepted bid awaits its payment (its markPaid edge).
    paymentHref: canPay && bidLifecycle.allows('markPaid', bid.status) ? (tab === 'all' ? `/payment/bid/${bid.id}` : `/checkout/${bid.id}`) : null,
  });

  const list = (bids: Bid[], tab: Tab) => (
    <ul className="grid gap-3">
      {bids.map((bid) => (
        <BidItem
          key={bid.id}
          bid={bid}
          actions={actionsFor(bid, tab)}
          criteria={project.acceptanceCriteria}
          dealStage={bid.finisherId === project.finisherId ? project.deal?.stage : null}
        />
      ))}
    </ul>
  );

  return (
    <Card id="bids" className="scroll-mt-24 gap-4">
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>Project Bids</CardTitle>
          <Badge variant="secondary" aria-label={`${project.bids.length} bids`}>
            {project.bids.length}
          </Badge>
        </div>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="all">
          <TabsList>
            <TabsTrigger value="all">All Bids</TabsTrigger>
            {isViewerOwner ? <TabsTrigger value="accepted">Accepted</TabsTrigger> : null}
          </TabsList>
          <TabsContent value="all" className="grid gap-3">
            {isViewerOwner && project.bids.length > 1 ? (
              <div className="flex flex-wrap items-center gap-2">
                <Label htmlFor="bid-sort">Sort bids by</Label>
                <Suspense fallback={null}>
                  <OptionsSelect
                    id="bid-sort"
                    className="w-56 max-w-full"
                    value={sortKey}
                    onValueChange={(value) => setSortKey(value as SortKey)}
                    options={sortOptions}
                  />
                </Suspense>
              </div>
            ) : null}
            {project.bids.length === 0 ? (
              <EmptyBids title="No bids yet" text="Check back later for developer bids." />
            ) : (
              list(sortBids(project.bids, sortKey), 'all')
            )}
          </TabsContent>
          {isViewerOwner ? (
            <TabsContent value="accepted">
              {accepted.length === 0 ? <EmptyBids title="No accepted bids" text="You haven't accepted any bids yet." /> : list(accepted, 'accepted')}
            </TabsContent>
          ) : null}
        </Tabs>
      </CardContent>
    </Card>
  );
}

function EmptyBids({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
      <Inbox aria-hidden="true" className="size-7 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
