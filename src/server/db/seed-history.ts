import { type LedgerAppend, ledgerNote } from '#server/domain/ledger.js';
import { dollarsToCents, splitPayment } from '#shared/domain/money.js';
import type { Tx } from './client.js';
import { bids } from './schema/bids.js';
import { changeOrders } from './schema/change-orders.js';
import { dealCancellations, dealHistory } from './schema/deal.js';
import { milestones } from './schema/milestones.js';
import { payments } from './schema/payments.js';
import { projects } from './schema/projects.js';
import { reviews } from './schema/reviews.js';

// Issue 31, "Done when": a year of money for one owner and one finisher. maya has hired devon about
// once a month for the past year: each deal paid and held, some staged in milestones released as
// approved, one grown by a paid change order, one cancelled by agreement with the rest refunded, the
// others delivered on time, accepted, paid out and reviewed both ways. Written whole, as the services
// would have left it; the ledger entries (and their receipts and payout statements) are handed back
// to the caller, which appends the demo's entries in order of time so each year's numbers run with it.

interface HistoryDeal {
  name: string;
  description: string;
  techStack: string[];
  dollars: number;
  timelineDays: number;
  /** When the payment was held, in days before the seeding; the rest of the deal follows from it. */
  heldDaysAgo: number;
  /** Staged delivery: each approved and paid out in turn before the final delivery. */
  milestones?: { title: string; dollars: number }[];
  /** A change order the finisher proposed, the owner accepted and paid, released with the work. */
  changeOrder?: { description: string; dollars: number; extraDays: number };
  /** The owner cancelled after the first milestone; devon agreed and the rest went back to maya. */
  isCancelled?: boolean;
  ratings?: { ofFinisher: number; ofOwner: number; comment: string };
}

const historyDeals: readonly HistoryDeal[] = [
  {
    name: 'Holiday gift card shop',
    description: 'A gift card storefront for a coffee roaster: cards sold, but balances, redemption at the till and the e-mailed card were missing.',
    techStack: ['Node.js', 'React', 'PostgreSQL'],
    dollars: 1800,
    timelineDays: 12,
    heldDaysAgo: 345,
    ratings: { ofFinisher: 5, ofOwner: 5, comment: 'Shipped before the holiday rush, as promised.' },
  },
  {
    name: 'Podcast show notes site',
    description: 'A static site for a podcast: episode pages built, search, the RSS import and the transcript pages were not.',
    techStack: ['Next.js', 'TypeScript'],
    dollars: 900,
    timelineDays: 8,
    heldDaysAgo: 318,
    ratings: { ofFinisher: 5, ofOwner: 5, comment: 'The RSS import runs every night without a hitch.' },
  },
  {
    name: 'Language school timetable',
    description: 'Timetables for a language school: rooms and teachers were entered by hand; clashes, substitutions and the student view were missing.',
    techStack: ['React', 'Node.js', 'PostgreSQL'],
    dollars: 3200,
    timelineDays: 21,
    heldDaysAgo: 290,
    milestones: [
      { title: 'Clash detection', dollars: 1000 },
      { title: 'Substitutions', dollars: 1000 },
    ],
    ratings: { ofFinisher: 5, ofOwner: 5, comment: 'Each milestone arrived tested, with notes for the staff.' },
  },
  {
    name: 'Farm box subscriptions',
    description: 'Weekly vegetable boxes: sign-up worked; pausing a week, swapping items and the packing list were half done.',
    techStack: ['Python', 'Django'],
    dollars: 1500,
    timelineDays: 12,
    heldDaysAgo: 262,
    ratings: { ofFinisher: 4, ofOwner: 5, comment: 'Solid work; the packing list took one more round than planned.' },
  },
  {
    name: 'Dog walking rota',
    description: 'A rota app for a dog walking co-op: walkers and dogs listed; swaps, reminders and the monthly invoice were missing.',
    techStack: ['TypeScript', 'React Native'],
    dollars: 1100,
    timelineDays: 10,
    heldDaysAgo: 234,
    ratings: { ofFinisher: 5, ofOwner: 4, comment: 'Reminders and swaps work on both phones.' },
  },
  {
    name: 'Conference schedule app',
    description: 'A schedule for a two-day meetup: talks listed; favourites, room changes pushed live and the speaker pages were missing.',
    techStack: ['React', 'TypeScript', 'Firebase'],
    dollars: 2000,
    timelineDays: 14,
    heldDaysAgo: 206,
    changeOrder: { description: 'Add a printable schedule per room for the venue staff.', dollars: 300, extraDays: 2 },
    ratings: { ofFinisher: 5, ofOwner: 5, comment: 'Even the late room changes reached everyone in seconds.' },
  },
  {
    name: 'Pottery class waitlist',
    description: 'Bookings for a pottery studio: classes listed; the waitlist, deposits and the kiln schedule were missing.',
    techStack: ['Vue', 'Node.js'],
    dollars: 1600,
    timelineDays: 14,
    heldDaysAgo: 178,
    milestones: [{ title: 'Waitlist', dollars: 600 }],
    isCancelled: true,
  },
  {
    name: 'Bike repair tracker',
    description: 'Repair tickets for a bike shop: tickets open and close; parts stock, customer texts and the daily summary were unfinished.',
    techStack: ['Python', 'Flask', 'PostgreSQL'],
    dollars: 1300,
    timelineDays: 10,
    heldDaysAgo: 150,
    ratings: { ofFinisher: 5, ofOwner: 5, comment: 'Customers get a text the moment their bike is ready.' },
  },
  {
    name: 'Community garden plots',
    description: 'Plot allocation for a community garden: members listed; the waiting list, the water rota and the yearly fees were missing.',
    techStack: ['Svelte', 'TypeScript'],
    dollars: 2400,
    timelineDays: 18,
    heldDaysAgo: 122,
    milestones: [
      { title: 'Waiting list', dollars: 800 },
      { title: 'Water rota', dollars: 600 },
    ],
    ratings: { ofFinisher: 5, ofOwner: 5, comment: 'Clear milestones, each one usable on its own.' },
  },
  {
    name: 'Choir rehearsal planner',
    description: 'Rehearsal plans for a choir: pieces listed; attendance, part assignments and sheet music downloads were missing.',
    techStack: ['React', 'Node.js'],
    dollars: 950,
    timelineDays: 9,
    heldDaysAgo: 95,
    ratings: { ofFinisher: 4, ofOwner: 5, comment: 'Good work, and the choir director loves the attendance view.' },
  },
  {
    name: 'Tenant repair requests',
    description: 'Repair requests for a small landlord: the form works; photos, status updates and the contractor view were not done.',
    techStack: ['TypeScript', 'Node.js', 'PostgreSQL'],
    dollars: 1700,
    timelineDays: 12,
    heldDaysAgo: 68,
    ratings: { ofFinisher: 5, ofOwner: 5, comment: 'Tenants now send photos and see each step.' },
  },
  {
    name: 'Bookshop loyalty cards',
    description: 'Loyalty points for an independent bookshop: points are counted; rewards, the member page and the till export were missing.',
    techStack: ['Go', 'React'],
    dollars: 1250,
    timelineDays: 10,
    heldDaysAgo: 42,
    ratings: { ofFinisher: 5, ofOwner: 5, comment: 'The till export matched the shop system on the first try.' },
  },
];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The deal clock's default window for a cancellation's answer (config.ts). */
const CANCEL_RESPONSE_WINDOW_MS = 5 * DAY_MS;

interface Ids {
  ownerId: number;
  finisherId: number;
}

/** One deal's moments, from when its payment was held. */
function momentsOf(deal: HistoryDeal, now: number) {
  const heldAt = now - deal.heldDaysAgo * DAY_MS;
  const milestoneAt = (i: number) => ({ deliveredAt: heldAt + (i + 1) * 4 * DAY_MS, approvedAt: heldAt + (i + 1) * 4 * DAY_MS + 20 * HOUR_MS });
  // Delivered two days inside the timeline (and a change order's extra days): on time.
  const deliveredAt = heldAt + (deal.timelineDays - 2) * DAY_MS;
  const acceptedAt = deliveredAt + DAY_MS;
  const cancellationAt = heldAt + 7 * DAY_MS;
  return {
    createdAt: heldAt - 4 * DAY_MS,
    bidAt: heldAt - 3 * DAY_MS,
    bidAcceptedAt: heldAt - 2 * DAY_MS,
    heldAt,
    milestoneAt,
    changeOrderAt: { proposedAt: heldAt + 2 * DAY_MS, acceptedAt: heldAt + 2 * DAY_MS + 5 * HOUR_MS, paidAt: heldAt + 3 * DAY_MS },
    deliveredAt,
    acceptedAt,
    cancellationAt,
    cancellationAgreedAt: cancellationAt + DAY_MS,
    reviewedAt: acceptedAt + DAY_MS,
  };
}

/**
 * Writes the year of deals between the owner and the finisher in a few statements, and answers their
 * ledger appends (oldest first within each payment), for the caller to append with the demo's others.
 */
export async function seedHistory(tx: Tx, { ownerId, finisherId }: Ids, now = Date.now()): Promise<LedgerAppend[]> {
  const at = (ms: number) => new Date(ms);
  const plans = historyDeals.map((deal) => ({ deal, when: momentsOf(deal, now), split: splitPayment(dollarsToCents(deal.dollars)) }));

  const projectRows = await tx
    .insert(projects)
    .values(
      plans.map(({ deal, when }) => ({
        name: deal.name,
        description: deal.description,
        techStack: deal.techStack,
        codeLink: `https://github.com/finishline-demo/${deal.name.toLowerCase().replaceAll(' ', '-')}`,
        status: deal.isCancelled ? ('cancelled' as const) : ('accepted' as const),
        submitterId: ownerId,
        finisherId,
        budgetCents: dollarsToCents(deal.dollars),
        timeframe: `${deal.timelineDays} days`,
        deliveryMessage: deal.isCancelled ? null : 'Everything in the brief is done, tested and described in the README.',
        completedAt: deal.isCancelled ? null : at(when.deliveredAt),
        acceptedAt: deal.isCancelled ? null : at(when.acceptedAt),
        createdAt: at(when.createdAt),
        updatedAt: at(deal.isCancelled ? when.cancellationAgreedAt : when.acceptedAt),
      })),
    )
    .returning({ id: projects.id });
  const projectIds = projectRows.map((row) => row.id);

  const bidRows = await tx
    .insert(bids)
    .values(
      plans.map(({ deal, when }, i) => ({
        projectId: projectIds[i]!,
        finisherId,
        amountCents: dollarsToCents(deal.dollars),
        timelineDays: deal.timelineDays,
        message: `Hi! I can finish the ${deal.name.toLowerCase()} in ${deal.timelineDays} days, tested and documented.`,
        // Completed with the payout; a cancelled deal's bid stays paid.
        status: deal.isCancelled ? ('paid' as const) : ('completed' as const),
        paymentIntentId: `pi_demo_${projectIds[i]}`,
        criteriaAnswers: [],
        acceptedAt: at(when.bidAcceptedAt),
        createdAt: at(when.bidAt),
        updatedAt: at(when.heldAt),
      })),
    )
    .returning({ id: bids.id, projectId: bids.projectId });
  const bidIdOf = new Map(bidRows.map((row) => [row.projectId, row.id]));

  const withChange = plans.flatMap((plan, i) => (plan.deal.changeOrder ? [{ ...plan, change: plan.deal.changeOrder, projectId: projectIds[i]! }] : []));
  const changeRows = withChange.length
    ? await tx
        .insert(changeOrders)
        .values(
          withChange.map(({ change, when, projectId }) => ({
            projectId,
            bidId: bidIdOf.get(projectId)!,
            proposedBy: 'finisher' as const,
            proposerId: finisherId,
            description: change.description,
            amountCents: dollarsToCents(change.dollars),
            extraDays: change.extraDays,
            status: 'accepted' as const,
            createdAt: at(when.changeOrderAt.proposedAt),
            decidedAt: at(when.changeOrderAt.acceptedAt),
          })),
        )
        .returning({ id: changeOrders.id, projectId: changeOrders.projectId })
    : [];
  const changeOrderOf = new Map(changeRows.map((row) => [row.projectId, row.id]));

  // The deal's own payments: released in full, or (cancelled) the first milestone settled and the rest refunded.
  const paymentValues = plans.map(({ deal, split, when }, i) => {
    const projectId = projectIds[i]!;
    const firstMilestone = deal.milestones?.[0] ? splitPayment(dollarsToCents(deal.milestones[0].dollars)) : null;
    const common = {
      bidId: bidIdOf.get(projectId)!,
      ...split,
      paymentIntentId: `pi_demo_${projectId}`,
      transferGroup: `project_${projectId}`,
      heldAt: at(when.heldAt),
      createdAt: at(when.heldAt),
    };
    if (deal.isCancelled) {
      const settledCents = firstMilestone?.amountCents ?? 0;
      return {
        ...common,
        status: 'refunded' as const,
        releasedCents: firstMilestone?.developerAmountCents ?? 0,
        settledCents,
        refundedCents: split.amountCents - settledCents,
        refundId: `re_demo_${projectId}`,
        updatedAt: at(when.cancellationAgreedAt),
      };
    }
    return {
      ...common,
      status: 'released' as const,
      releasedCents: split.developerAmountCents,
      settledCents: split.amountCents,
      transferId: `tr_demo_${projectId}`,
      updatedAt: at(when.acceptedAt),
    };
  });
  const changePaymentValues = withChange.map(({ change, when, projectId }) => {
    const changeOrderId = changeOrderOf.get(projectId)!;
    const split = splitPayment(dollarsToCents(change.dollars));
    return {
      bidId: bidIdOf.get(projectId)!,
      changeOrderId,
      ...split,
      status: 'released' as const,
      releasedCents: split.developerAmountCents,
      settledCents: split.amountCents,
      paymentIntentId: `pi_demo_${projectId}_change_${changeOrderId}`,
      transferId: `tr_demo_${projectId}_change_${changeOrderId}`,
      transferGroup: `project_${projectId}`,
      heldAt: at(when.changeOrderAt.paidAt),
      createdAt: at(when.changeOrderAt.paidAt),
      updatedAt: at(when.acceptedAt),
    };
  });
  const paymentRows = await tx
    .insert(payments)
    .values([...paymentValues, ...changePaymentValues])
    .returning();
  const ownPaymentOf = (projectId: number) => paymentRows.find((p) => p.bidId === bidIdOf.get(projectId) && p.changeOrderId === null)!;

  const milestoneValues = plans.flatMap(({ deal, when }, i) =>
    (deal.milestones ?? []).map((m, index) => {
      // A cancelled deal's later milestones never came (it has one).
      const moments = when.milestoneAt(index);
      return {
        projectId: projectIds[i]!,
        title: m.title,
        amountCents: dollarsToCents(m.dollars),
        status: 'approved' as const,
        completionNote: `${m.title} is done and tested.`,
        completedAt: at(moments.deliveredAt),
        approvedAt: at(moments.approvedAt),
        releasedAt: at(moments.approvedAt),
        createdAt: at(when.heldAt + HOUR_MS),
      };
    }),
  );
  const milestoneRows = milestoneValues.length
    ? await tx
        .insert(milestones)
        .values(milestoneValues)
        .returning({ id: milestones.id, projectId: milestones.projectId, title: milestones.title, amountCents: milestones.amountCents })
    : [];
  // Each milestone's transfer is named by its id, known only now.
  const milestoneTransfer = (id: number) => `tr_demo_milestone_${id}`;

  const history: (typeof dealHistory.$inferInsert)[] = [];
  const ledger: LedgerAppend[] = [];
  const reviewValues: (typeof reviews.$inferInsert)[] = [];
  const cancellationValues: (typeof dealCancellations.$inferInsert)[] = [];
  plans.forEach(({ deal, when, split }, i) => {
    const projectId = projectIds[i]!;
    const parties = { projectId, ownerId, finisherId };
    const payment = ownPaymentOf(projectId);
    history.push({ projectId, kind: 'payment_held', by: 'owner', amountCents: split.amountCents, at: at(when.heldAt) });
    ledger.push({
      paymentId: payment.id,
      parties,
      at: at(when.heldAt),
      movements: [{ kind: 'payment_held', amountCents: split.amountCents, providerId: payment.paymentIntentId, key: `paid:${payment.id}` }],
    });
    let releasedCents = 0;
    let settledCents = 0;
    milestoneRows
      .filter((m) => m.projectId === projectId)
      .forEach((milestone, index) => {
        const moments = when.milestoneAt(index);
        const share = splitPayment(milestone.amountCents);
        const source = { kind: 'milestone', id: milestone.id, title: milestone.title } as const;
        releasedCents += share.developerAmountCents;
        settledCents += share.amountCents;
        history.push(
          { projectId, kind: 'milestone_delivery', by: 'finisher', milestoneId: milestone.id, milestoneTitle: milestone.title, at: at(moments.deliveredAt) },
          { projectId, kind: 'milestone_approval', by: 'owner', milestoneId: milestone.id, milestoneTitle: milestone.title, at: at(moments.approvedAt) },
          {
            projectId,
            kind: 'payout',
            by: 'system',
            amountCents: share.developerAmountCents,
            milestoneId: milestone.id,
            milestoneTitle: milestone.title,
            at: at(moments.approvedAt + 60_000),
          },
        );
        ledger.push({
          paymentId: payment.id,
          parties,
          at: at(moments.approvedAt),
          movements: [
            {
              kind: 'milestone_release',
              amountCents: share.developerAmountCents,
              providerId: milestoneTransfer(milestone.id),
              note: ledgerNote(source),
              key: `milestone_release:${milestone.id}`,
            },
            { kind: 'platform_fee', amountCents: share.platformFeeCents, note: ledgerNote(source), key: `milestone_fee:${milestone.id}` },
          ],
        });
      });

    if (deal.isCancelled) {
      const refundCents = split.amountCents - settledCents;
      history.push(
        { projectId, kind: 'cancellation_request', by: 'owner', amountCents: refundCents, at: at(when.cancellationAt) },
        { projectId, kind: 'cancellation_agreed', by: 'finisher', at: at(when.cancellationAgreedAt) },
        { projectId, kind: 'refund', by: 'system', amountCents: refundCents, at: at(when.cancellationAgreedAt) },
      );
      cancellationValues.push({
        projectId,
        outcome: 'agreed',
        requestedAt: at(when.cancellationAt),
        respondBy: at(when.cancellationAt + CANCEL_RESPONSE_WINDOW_MS),
        respondedAt: at(when.cancellationAgreedAt),
      });
      ledger.push({
        paymentId: payment.id,
        parties,
        at: at(when.cancellationAgreedAt),
        movements: [{ kind: 'refund', amountCents: refundCents, providerId: payment.refundId, key: `refund:${payment.id}` }],
      });
      return;
    }

    const change = deal.changeOrder;
    const changePayment = change ? paymentRows.find((p) => p.changeOrderId === changeOrderOf.get(projectId))! : null;
    if (change && changePayment) {
      const note = ledgerNote({ kind: 'change_order', number: 1 });
      history.push(
        {
          projectId,
          kind: 'change_order_proposed',
          by: 'finisher',
          message: change.description,
          amountCents: changePayment.amountCents,
          at: at(when.changeOrderAt.proposedAt),
        },
        { projectId, kind: 'change_order_accepted', by: 'owner', amountCents: changePayment.amountCents, at: at(when.changeOrderAt.acceptedAt) },
        { projectId, kind: 'change_order_paid', by: 'owner', amountCents: changePayment.amountCents, at: at(when.changeOrderAt.paidAt) },
      );
      ledger.push({
        paymentId: changePayment.id,
        parties,
        at: at(when.changeOrderAt.paidAt),
        movements: [
          {
            kind: 'change_order_payment',
            amountCents: changePayment.amountCents,
            providerId: changePayment.paymentIntentId,
            note,
            key: `paid:${changePayment.id}`,
          },
        ],
      });
    }

    // Accepted: what the milestones left goes out, then each change order's money in full.
    const finalCents = split.developerAmountCents - releasedCents;
    history.push(
      {
        projectId,
        kind: 'delivery',
        by: 'finisher',
        message: 'Everything in the brief is done, tested and described in the README.',
        at: at(when.deliveredAt),
      },
      { projectId, kind: 'acceptance', by: 'owner', at: at(when.acceptedAt) },
      { projectId, kind: 'payout', by: 'system', amountCents: finalCents, at: at(when.acceptedAt + 60_000) },
    );
    ledger.push({
      paymentId: payment.id,
      parties,
      at: at(when.acceptedAt),
      movements: [
        { kind: 'final_release', amountCents: finalCents, providerId: payment.transferId, key: `final_release:${payment.id}` },
        { kind: 'platform_fee', amountCents: split.amountCents - settledCents - finalCents, key: `final_fee:${payment.id}` },
      ],
    });
    if (changePayment) {
      const note = ledgerNote({ kind: 'change_order', number: 1 });
      history.push({ projectId, kind: 'payout', by: 'system', amountCents: changePayment.developerAmountCents, at: at(when.acceptedAt + 120_000) });
      ledger.push({
        paymentId: changePayment.id,
        parties,
        at: at(when.acceptedAt),
        movements: [
          {
            kind: 'final_release',
            amountCents: changePayment.developerAmountCents,
            providerId: changePayment.transferId,
            note,
            key: `final_release:${changePayment.id}`,
          },
          { kind: 'platform_fee', amountCents: changePayment.platformFeeCents, note, key: `final_fee:${changePayment.id}` },
        ],
      });
    }
    if (deal.ratings) {
      const { ofFinisher, ofOwner, comment } = deal.ratings;
      const reviewedAt = at(when.reviewedAt);
      reviewValues.push(
        { projectId, reviewerId: ownerId, revieweeId: finisherId, rating: ofFinisher, comment, createdAt: reviewedAt, revealedAt: reviewedAt },
        {
          projectId,
          reviewerId: finisherId,
          revieweeId: ownerId,
          rating: ofOwner,
          comment: 'Clear brief and quick answers.',
          createdAt: reviewedAt,
          revealedAt: reviewedAt,
        },
      );
    }
  });
  await tx.insert(dealHistory).values(history);
  if (reviewValues.length) await tx.insert(reviews).values(reviewValues);
  if (cancellationValues.length) await tx.insert(dealCancellations).values(cancellationValues);
  return ledger;
}
