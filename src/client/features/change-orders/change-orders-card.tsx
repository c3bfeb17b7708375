import { Check, CreditCard, FilePlus2, Undo2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ChangeOrder } from '#shared/contracts/change-orders.js';
import type { ProjectDetail } from '#shared/contracts/projects.js';
import { type ChangeOrderActor, changeOrderLifecycle, type ChangeOrderStatus } from '#shared/domain/change-order-lifecycle.js';
import { changeOrderActorOf, isOwner, isParty, type Person } from '#shared/domain/policies.js';
import { Badge, type BadgeProps } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.js';
import { LocalTime } from '#client/components/local-time.js';
import { useDeal } from '#client/features/deal/api.js';
import { useDecideChangeOrder, usePayChangeOrder } from './api.js';
import { awaitsPayment, changeOrderPrice, extraDaysText, paymentStateOf } from './change-order-rules.js';
import { preloadProposeChangeOrderDialog, ProposeChangeOrderDialog } from './lazy-propose-change-order-dialog.js';

type CardProject = Pick<ProjectDetail, 'id' | 'submitterId' | 'finisherId' | 'status' | 'isPaid' | 'acceptedAt' | 'submitter' | 'finisher'>;

interface ChangeOrdersCardProps {
  project: CardProject;
  user: Person;
}

const statusBadges: Record<ChangeOrderStatus, { label: string; variant: BadgeProps['variant'] }> = {
  proposed: { label: 'Proposed', variant: 'warning' },
  accepted: { label: 'Accepted', variant: 'success' },
  declined: { label: 'Declined', variant: 'muted' },
  withdrawn: { label: 'Withdrawn', variant: 'muted' },
};

/**
 * Change orders (issue 18, item 6) in the deal area, for the deal's two parties once it is paid: each
 * one with its price, days, status and proposer, the other party's Accept and Decline, the owner's Pay,
 * and 'Propose a Change Order' while the deal is live. ?tab=change-orders scrolls here.
 */
export function ChangeOrdersCard({ project, user }: ChangeOrdersCardProps) {
  const [proposing, setProposing] = useState(false);
  const isDealParty = project.finisherId !== null && isParty(user, project) && project.isPaid;
  // The deal query the page's deal panels already hold: its change orders, and its dispute (no proposal while one is open).
  const { data: deal } = useDeal(project.id, isDealParty);
  const changeOrders = deal?.changeOrders;
  // The deal machine's answer (decision 041): the card shows what the server would allow, and derives nothing.
  const canPropose = deal?.allowedActions.includes('propose_change_order') ?? false;
  const canAccept = deal?.allowedActions.includes('accept_change_order') ?? false;
  const canPay = deal?.allowedActions.includes('pay_change_order') ?? false;
  const isShown = isDealParty && changeOrders !== undefined && (changeOrders.length > 0 || canPropose);
  useScrollIntoViewOnArrival(isShown);
  if (!isDealParty || !changeOrders || (changeOrders.length === 0 && !canPropose)) return null;
  const viewerIsOwner = isOwner(user, project);

  return (
    <Card id="change-orders" role="region" aria-labelledby="change-orders-title" className="scroll-mt-24 gap-4">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="change-orders-title">Change Orders</CardTitle>
          {canPropose ? (
            <Button size="sm" onClick={() => setProposing(true)} onPointerEnter={preloadProposeChangeOrderDialog} onFocus={preloadProposeChangeOrderDialog}>
              <FilePlus2 aria-hidden="true" /> Propose a Change Order
            </Button>
          ) : null}
        </div>
        <CardDescription>Work beyond the statement of work: a price and extra days both parties agree to.</CardDescription>
      </CardHeader>
      <CardContent>
        {changeOrders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No change orders yet.</p>
        ) : (
          <ol className="grid gap-3">
            {changeOrders.map((changeOrder) => (
              <ChangeOrderItem
                key={changeOrder.id}
                number={changeOrder.number}
                changeOrder={changeOrder}
                project={project}
                user={user}
                canAccept={canAccept}
                canPay={canPay}
              />
            ))}
          </ol>
        )}
      </CardContent>
      {canPropose ? (
        <ProposeChangeOrderDialog
          projectId={project.id}
          open={proposing}
          onOpenChange={setProposing}
          otherParty={viewerIsOwner ? 'The developer' : 'The client'}
        />
      ) : null}
    </Card>
  );
}

/**
 * ?tab=change-orders (a change order's notification) or ?tab=deal (its cancelled checkout) brings the
 * card into view once, when it first renders: it waits for the deal query, after the page's own scroll.
 */
function useScrollIntoViewOnArrival(isShown: boolean) {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  const hasScrolled = useRef(false);
  useEffect(() => {
    if (!isShown || hasScrolled.current || (tab !== 'change-orders' && tab !== 'deal')) return;
    hasScrolled.current = true;
    document.getElementById('change-orders')?.scrollIntoView({ block: 'start' });
  }, [isShown, tab]);
}

interface ChangeOrderItemProps {
  number: number;
  changeOrder: ChangeOrder;
  project: CardProject;
  user: Person;
  /** Paid, not accepted or cancelled, no dispute open: the server accepts and takes payment only then. */
  /** The deal machine allows the viewer to accept a change order, and to pay one (allowedActions). */
  canAccept: boolean;
  canPay: boolean;
}

function ChangeOrderItem({ number, changeOrder, project, user, canAccept, canPay }: ChangeOrderItemProps) {
  const actor = changeOrderActorOf(user, project, changeOrder);
  const payment = paymentStateOf(changeOrder);
  const headingId = `change-order-${changeOrder.id}-title`;
  const proposer =
    actor === 'proposer'
      ? 'You'
      : changeOrder.proposedBy === 'owner'
        ? `the client (${project.submitter.username})`
        : `the developer (${project.finisher?.username ?? 'unknown'})`;

  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-medium">
          Change order {number}
        </h3>
        <Badge variant={statusBadges[changeOrder.status].variant}>{statusBadges[changeOrder.status].label}</Badge>
        {payment ? <Badge variant={payment.tone}>{payment.label}</Badge> : null}
      </div>
      <p className="text-sm whitespace-pre-line">{changeOrder.description}</p>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold tabular-nums">{changeOrderPrice(changeOrder.amountCents)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Extra days</dt>
          <dd>{extraDaysText(changeOrder.extraDays)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Proposed by</dt>
          <dd>
            {proposer}{' '}
            <span className="block text-xs text-muted-foreground">
              <LocalTime value={changeOrder.createdAt} />
            </span>
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2 empty:hidden">
        <ChangeOrderActions
          changeOrder={changeOrder}
          projectId={project.id}
          actor={actor}
          canAccept={canAccept}
          canPay={canPay && awaitsPayment(changeOrder)}
        />
      </div>
    </li>
  );
}

interface ChangeOrderActionsProps {
  changeOrder: ChangeOrder;
  projectId: number;
  actor: ChangeOrderActor;
  /** Whether the deal is still live: a proposal left open when it ended can only be declined or withdrawn. */
  canAccept: boolean;
  canPay: boolean;
}

/** The other party's Accept and Decline, the proposer's Withdraw, the owner's Pay: each only where the lifecycle lets the viewer. */
function ChangeOrderActions({ changeOrder, projectId, actor, canAccept, canPay }: ChangeOrderActionsProps) {
  const accept = useDecideChangeOrder(projectId, 'accept');
  const decline = useDecideChangeOrder(projectId, 'decline');
  const withdraw = useDecideChangeOrder(projectId, 'withdraw');
  const pay = usePayChangeOrder();
  const isBusy = accept.isPending || decline.isPending || withdraw.isPending;
  const may = (action: 'accept' | 'decline' | 'withdraw') => changeOrderLifecycle.canTake(action, actor, changeOrder.status);
  const price = changeOrderPrice(changeOrder.amountCents);
  const days = extraDaysText(changeOrder.extraDays).toLowerCase();

  return (
    <>
      {canAccept && may('accept') ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" disabled={isBusy}>
              <Check aria-hidden="true" /> Accept
            </Button>
          }
          title="Accept this change order?"
          description={
            changeOrder.amountCents > 0
              ? `It adds ${days} to the delivery deadline and ${price} to the deal, which the client pays through checkout.`
              : `It adds ${days} to the delivery deadline, at no extra cost.`
          }
          confirmLabel="Accept"
          onConfirm={() => accept.mutate(changeOrder.id)}
        />
      ) : null}
      {may('decline') ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" disabled={isBusy}>
              <X aria-hidden="true" /> Decline
            </Button>
          }
          title="Decline this change order?"
          description="The deal stays as agreed; the other party is told."
          confirmLabel="Decline"
          destructive
          onConfirm={() => decline.mutate(changeOrder.id)}
        />
      ) : null}
      {may('withdraw') ? (
        <Button size="sm" variant="outline" disabled={isBusy} onClick={() => withdraw.mutate(changeOrder.id)}>
          <Undo2 aria-hidden="true" /> Withdraw
        </Button>
      ) : null}
      {canPay ? (
        <Button size="sm" disabled={pay.isPending || pay.isSuccess} onClick={() => pay.mutate(changeOrder.id)}>
          <CreditCard aria-hidden="true" /> Pay {price}
        </Button>
      ) : null}
    </>
  );
}
