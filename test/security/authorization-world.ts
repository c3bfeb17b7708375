import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { splitPayment } from '#shared/domain/money.js';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { bids } from '#server/db/schema/bids.js';
import { conversationChannels, conversationThreads, messages } from '#server/db/schema/conversations.js';
import { milestones } from '#server/db/schema/milestones.js';
import { notifications } from '#server/db/schema/notifications.js';
import { changeOrders } from '#server/db/schema/change-orders.js';
import { reviews } from '#server/db/schema/reviews.js';
import { projectCriteria, statementsOfWork } from '#server/db/schema/scope.js';
import { disputeOffers, disputes } from '#server/db/schema/disputes.js';
import { type NewProjectRow, projectColumns, type ProjectRow, projects } from '#server/db/schema/projects.js';
import { type NewUserRow, sessions, type UserRow, users } from '#server/db/schema/users.js';
import { hashPassword } from '#server/plugins/passwords.js';
import { hashToken } from '#server/plugins/session-store.js';
import { SESSION_COOKIE } from '#server/plugins/session.js';
import { insertPayment, TEST_PASSWORD } from '#test/support/factories.js';

/**
 * The kinds of caller every route is tried as, in the order the matrix prints them. The operator
 * (issue 15) reads and rules on disputes and plays sandbox chargebacks; everywhere else a
 * Finishline operator is a signed-in stranger to the world's deals.
 */
export const callerNames = ['visitor', 'stranger', 'owner', 'bidder', 'otherFinisher', 'operator'] as const;
export type CallerName = (typeof callerNames)[number];
export type SignedInName = Exclude<CallerName, 'visitor'>;

export interface Caller {
  name: CallerName;
  /** Null for the visitor. */
  user: UserRow | null;
  /** The Cookie header, or undefined for the visitor. */
  cookie: string | undefined;
}

/**
 * A value only some callers may read. `needle` is what must not appear in a response to anyone
 * else: the exact text, or a pattern for numbers (bounded so that 73519 does not match inside an id).
 */
export interface Secret {
  label: string;
  needle: string | RegExp;
  visibleTo: readonly CallerName[];
}

interface Deal {
  project: ProjectRow;
  bidId: number;
}

/**
 * One owner's projects at every stage, all worked on by one bidding finisher (a competitor bid
 * on two of them too), plus a rival project of the stranger's that the other finisher bid on. Every private value carries a marker
 * unique to this world; `secrets` says who may read each one.
 */
export interface World {
  callers: Record<CallerName, Caller>;
  /** A submitter who is none of the callers: the login and registration rows sign in as them. */
  newcomer: UserRow;
  open: Deal;
  /** The owner's message in the open bid's chat (the 'owner-chat' secret). */
  ownerMessageId: number;
  assigned: Deal;
  underWay: Deal & {
    pendingMilestoneId: number;
    completedMilestoneId: number;
    criterionId: number;
    /** Change orders (decision 034): one the owner proposed, one the bidder proposed and the owner accepted (unpaid). */
    ownerChangeOrderId: number;
    acceptedChangeOrderId: number;
  };
  delivered: Deal;
  accepted: Deal & { hiddenReviewId: number };
  rival: Deal;
  /** A dispute the owner opened on a delivered deal of its own (decision 029), with the owner's opening offer. */
  dispute: { id: number; projectId: number; ownerOfferId: number };
  ownerNotificationId: number;
  secrets: Secret[];
  /** The first id of every table this world may touch, for before/after comparisons. */
  floors: Record<TableName, number>;
}

export const bidAmount = 73_519;
const bidTimeline = 2_917;
const rivalAmount = 64_283;
const rivalTimeline = 1_877;
const milestoneAmount = 31_337;
const competingAmount = 58_207;
const competingTimeline = 1_433;

/** A whole number in JSON, in dollars or in cents, not as part of a longer number or word. */
const amountPattern = (dollars: number) => new RegExp(`(?<![\\w.])${dollars}(00)?(?![\\w.])`);
/**
 * Timelines cannot exceed 3650 days, a range row ids reach within one run of the matrix: they are
 * looked for under their own field names only.
 */
const timelinePattern = (days: number) => new RegExp(`"timeline(Days)?":${days}(?![\\w.])`);

/** Tables a request could write to; each has a serial id, and the world's rows have the highest. */
const tables = [
  'users',
  'projects',
  'bids',
  'payments',
  'milestones',
  'reviews',
  'notifications',
  'conversation_channels',
  'conversation_threads',
  'messages',
  'message_edits',
  'disputes',
  'dispute_offers',
  'dispute_evidence',
  'project_criteria',
  'statements_of_work',
  'change_orders',
  'deal_timers',
  'jobs',
  'deal_history',
  'deal_cancellations',
  'operator_audit',
] as const;
type TableName = (typeof tables)[number];

let worldCount = 0;
let passwordHash: Promise<string> | undefined;

/** The rows a raw query answers, on PGlite and node-postgres alike. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Built with one insert per table (some hundred worlds are built per run, so it must be quick);
 * the values are those the factories and the services would write.
 */
export async function buildWorld(db: Db, config: Config): Promise<World> {
  const [floors] = await rowsOf<Record<TableName, number>>(
    db,
    sql.join(
      [
        sql`select`,
        sql.join(
          tables.map((table) => sql`(select coalesce(max(id), 0) + 1 from ${sql.identifier(table)})::int as ${sql.identifier(table)}`),
          sql`, `,
        ),
      ],
      sql` `,
    ),
  );
  const tag = `w${++worldCount}x${randomBytes(3).toString('hex')}`;
  const secret = (label: string) => `secret-${label}-${tag}`;

  passwordHash ??= hashPassword(TEST_PASSWORD);
  const person = (name: string, overrides: Partial<NewUserRow> = {}): NewUserRow => ({
    username: `${name}${tag}`,
    email: `${secret(`${name}-email`)}@example.test`,
    passwordHash: '',
    // Established accounts: their addresses are confirmed, as payouts need (decision 036).
    emailVerifiedAt: new Date(),
    ...overrides,
  });
  const people = [
    person('owner', { stripeCustomerId: `cus_${secret('owner-customer')}` }),
    person('stranger'),
    person('bidder', { role: 'finisher' }),
    person('otherfinisher', { role: 'finisher' }),
    // Not a caller either: the bidder's competitor on the owner's projects, whose bids only the owner may read.
    person('competitor', { role: 'finisher' }),
    // Not a caller: nothing of theirs is secret, so the login rows can show it to anyone.
    { username: `newcomer${tag}`, email: `newcomer${tag}@example.test`, passwordHash: '' },
    // As `npm run operator:create` makes one: the role is stored on the account.
    person('operator', { role: 'operator' }),
  ];
  const hash = await passwordHash;
  const [owner, stranger, bidder, otherFinisher, competitor, newcomer, operator] = (await db
    .insert(users)
    .values(people.map((p) => ({ ...p, passwordHash: hash })))
    .returning()) as [UserRow, UserRow, UserRow, UserRow, UserRow, UserRow, UserRow];

  const signedIn: [SignedInName, UserRow][] = [
    ['stranger', stranger],
    ['owner', owner],
    ['bidder', bidder],
    ['otherFinisher', otherFinisher],
    ['operator', operator],
  ];
  const tokens = signedIn.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(Date.now() + config.session.absoluteMs);
  await db
    .insert(sessions)
    .values(signedIn.map(([, user], i) => ({ tokenHash: hashToken(tokens[i]!), userId: user.id, expiresAt, userAgent: secret(`${user.id}-agent`) })));
  const callers = { visitor: { name: 'visitor', user: null, cookie: undefined } } as Record<CallerName, Caller>;
  signedIn.forEach(([name, user], i) => (callers[name] = { name, user, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));

  const project = (submitterId: number, n: number, overrides: Partial<NewProjectRow> = {}): NewProjectRow => ({
    name: `Project ${tag} ${n}`,
    description: 'A half-built application that needs a finisher to wire up the remaining features.',
    techStack: ['React', 'Node.js'],
    codeLink: `https://github.com/example/project-${tag}-${n}`,
    submitterId,
    ...overrides,
  });
  const delivery = { deliveryMessage: secret('delivery'), completedAt: new Date() };
  const assignedTo = { finisherId: bidder.id };
  const [openProject, assignedProject, underWayProject, deliveredProject, acceptedProject, rivalProject, disputedProject] = (await db
    .insert(projects)
    .values([
      project(owner.id, 1),
      project(owner.id, 2, { status: 'assigned', ...assignedTo }),
      project(owner.id, 3, { status: 'in_progress', ...assignedTo }),
      project(owner.id, 4, { status: 'completed', ...assignedTo, ...delivery }),
      project(owner.id, 5, { status: 'accepted', ...assignedTo, ...delivery, acceptedAt: new Date() }),
      project(stranger.id, 6),
      project(owner.id, 7, { status: 'completed', ...assignedTo, ...delivery }),
    ])
    .returning(projectColumns)) as [ProjectRow, ProjectRow, ProjectRow, ProjectRow, ProjectRow, ProjectRow, ProjectRow];

  const proposal = { finisherId: bidder.id, amountCents: bidAmount * 100, timelineDays: bidTimeline, message: `${secret('bid-message')} I can finish this.` };
  const competingBid = {
    finisherId: competitor.id,
    amountCents: competingAmount * 100,
    timelineDays: competingTimeline,
    message: `${secret('competing-bid-message')} Pick me.`,
  };
  const bidRows = await db
    .insert(bids)
    .values([
      { ...proposal, projectId: openProject.id },
      { ...proposal, projectId: assignedProject.id, status: 'accepted' },
      { ...proposal, projectId: underWayProject.id, status: 'paid', paymentIntentId: `pi_${secret('payment-intent')}` },
      { ...proposal, projectId: deliveredProject.id, status: 'paid' },
      { ...proposal, projectId: acceptedProject.id, status: 'completed' },
      {
        projectId: rivalProject.id,
        finisherId: otherFinisher.id,
        amountCents: rivalAmount * 100,
        timelineDays: rivalTimeline,
        message: `${secret('rival-bid-message')} I can finish it.`,
      },
      { ...competingBid, projectId: openProject.id },
      { ...competingBid, projectId: deliveredProject.id, status: 'rejected' },
      { ...proposal, projectId: disputedProject.id, status: 'paid' },
    ])
    .returning({ id: bids.id });
  const [openBid, assignedBid, underWayBid, deliveredBid, acceptedBid, rivalBid] = bidRows.map((row) => row.id) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const disputedBid = bidRows.at(-1)!.id;

  // The under-way deal's criterion and its frozen statement of work (issue 18).
  const [underWayCriterion] = await db.insert(projectCriteria).values({ projectId: underWayProject.id, position: 0, text: 'The build passes' }).returning();
  const agreed = { amountCents: bidAmount * 100, timelineDays: bidTimeline, includedRevisions: 2, message: proposal.message };
  await db.insert(statementsOfWork).values([
    {
      projectId: underWayProject.id,
      bidId: underWayBid,
      criteria: [{ id: underWayCriterion!.id, text: underWayCriterion!.text, answer: 'agree', note: null }],
      ...agreed,
    },
    // The disputed deal's, which an operator settling the dispute reads.
    { projectId: disputedProject.id, bidId: disputedBid, criteria: [], ...agreed },
  ]);
  await insertPayment(db, {
    bidId: underWayBid,
    ...splitPayment(bidAmount * 100),
    status: 'held',
    paymentIntentId: `pi_${secret('payment-intent')}`,
    checkoutSessionId: `cs_${secret('checkout-session')}`,
    checkoutUrl: `https://checkout.example.test/${secret('checkout-url')}`,
    chargeId: `ch_${secret('charge')}`,
    transferGroup: `project_${underWayProject.id}`,
  });
  // The delivered deal was paid too: work is delivered and accepted only once the payment came (issue
  // 26). Like the disputed deal's below, it reads as refunded so the owner's total spending stays the
  // one bid amount the secrets look for.
  await insertPayment(db, { bidId: deliveredBid, ...splitPayment(bidAmount * 100), status: 'refunded', transferGroup: `project_${deliveredProject.id}` });
  // Double-blind reviews (decision 059): the bidder reviewed the owner of the accepted deal; it stays
  // hidden from everyone but its author until the owner reviews too.
  const [hiddenReview] = await db
    .insert(reviews)
    .values({ projectId: acceptedProject.id, reviewerId: bidder.id, revieweeId: owner.id, rating: 4, comment: secret('hidden-review') })
    .returning({ id: reviews.id });
  // The disputed deal: delivered, and a dispute the owner opened (decision 029). Its payment reads as
  // refunded so the owner's total spending stays the one bid amount the secrets look for; the matrix
  // checks who may take each dispute step, not where the money goes (disputes.test.ts does).
  const disputedPayment = await insertPayment(db, {
    bidId: disputedBid,
    ...splitPayment(bidAmount * 100),
    status: 'refunded',
    paymentIntentId: `pi_disputed_${tag}`,
    transferGroup: `project_${disputedProject.id}`,
  });
  const opened = new Date();
  const [dispute] = await db
    .insert(disputes)
    .values({
      projectId: disputedProject.id,
      paymentId: disputedPayment.id,
      openedBy: 'owner',
      stage: 'delivery_review',
      reason: 'The delivery does not build on a clean clone.',
      disputedCents: bidAmount * 100,
      openedAt: opened,
      respondBy: new Date(opened.getTime() + config.dispute.responseWindowMs),
      negotiateBy: new Date(opened.getTime() + config.dispute.negotiationWindowMs),
    })
    .returning({ id: disputes.id });
  const [ownerOffer] = await db
    .insert(disputeOffers)
    .values({ disputeId: dispute!.id, side: 'owner', userId: owner.id, finisherAmountCents: 0, createdAt: opened })
    .returning({ id: disputeOffers.id });
  const [ownerChangeOrder, acceptedChangeOrder] = await db
    .insert(changeOrders)
    .values([
      {
        projectId: underWayProject.id,
        bidId: underWayBid,
        proposedBy: 'owner',
        proposerId: owner.id,
        description: `${secret('change-order')} Add an export.`,
        amountCents: 12_300,
        extraDays: 2,
      },
      {
        projectId: underWayProject.id,
        bidId: underWayBid,
        proposedBy: 'finisher',
        proposerId: bidder.id,
        description: 'Add a second language.',
        amountCents: 45_600,
        extraDays: 4,
        status: 'accepted',
        decidedAt: new Date(),
      },
    ])
    .returning({ id: changeOrders.id });
  const [pendingMilestone, completedMilestone] = await db
    .insert(milestones)
    .values([
      { projectId: underWayProject.id, title: 'Wire up the API', amountCents: milestoneAmount * 100, feedback: secret('milestone-feedback') },
      {
        projectId: underWayProject.id,
        title: 'Ship the client',
        amountCents: milestoneAmount * 100,
        status: 'completed',
        completionNote: secret('milestone-note'),
        completedAt: new Date(),
      },
    ])
    .returning({ id: milestones.id });

  const [ownerMessage] = await startChats(db, [
    {
      project: openProject,
      bidId: openBid,
      finisherId: bidder.id,
      lines: [
        [owner.id, secret('owner-chat')],
        [bidder.id, secret('bidder-chat')],
      ],
    },
    { project: rivalProject, bidId: rivalBid, finisherId: otherFinisher.id, lines: [[otherFinisher.id, secret('rival-chat')]] },
  ]);

  const [ownerNotification] = await db
    .insert(notifications)
    .values([
      { userId: owner.id, type: 'bid', title: secret('owner-notification-title'), content: secret('owner-notification-content'), relatedId: openProject.id },
      {
        userId: bidder.id,
        type: 'project',
        title: secret('bidder-notification-title'),
        content: secret('bidder-notification-content'),
        relatedId: openProject.id,
      },
    ])
    .returning({ id: notifications.id });

  const parties = ['owner', 'bidder'] as const;
  const rivals = ['stranger', 'otherFinisher'] as const;
  const secrets: Secret[] = [
    { label: 'password hash', needle: hash, visibleTo: [] },
    ...tokens.map((token): Secret => ({ label: 'session token', needle: token, visibleTo: [] })),
    ...signedIn.map(([name, user]): Secret => ({ label: `${name}'s email`, needle: user.email, visibleTo: [name] })),
    ...signedIn.map(([name, user]): Secret => ({ label: `${name}'s session device`, needle: secret(`${user.id}-agent`), visibleTo: [name] })),
    { label: "competitor's email", needle: competitor.email, visibleTo: [] },
    { label: "owner's Stripe customer id", needle: secret('owner-customer'), visibleTo: ['owner'] },
    { label: 'bid message', needle: secret('bid-message'), visibleTo: parties },
    // The bid amount is also the payment, the held money and the owner's spending.
    { label: 'bid amount', needle: amountPattern(bidAmount), visibleTo: parties },
    { label: 'bid timeline', needle: timelinePattern(bidTimeline), visibleTo: parties },
    { label: 'payment intent id', needle: secret('payment-intent'), visibleTo: parties },
    { label: 'checkout session id', needle: secret('checkout-session'), visibleTo: [] },
    { label: 'checkout url', needle: secret('checkout-url'), visibleTo: [] },
    { label: 'charge id', needle: secret('charge'), visibleTo: [] },
    { label: 'delivery message', needle: secret('delivery'), visibleTo: parties },
    { label: 'change order description', needle: secret('change-order'), visibleTo: parties },
    { label: 'milestone amount', needle: amountPattern(milestoneAmount), visibleTo: parties },
    { label: 'milestone note', needle: secret('milestone-note'), visibleTo: parties },
    { label: 'milestone feedback', needle: secret('milestone-feedback'), visibleTo: parties },
    { label: "owner's chat message", needle: secret('owner-chat'), visibleTo: parties },
    { label: "bidder's chat message", needle: secret('bidder-chat'), visibleTo: parties },
    { label: "owner's notification title", needle: secret('owner-notification-title'), visibleTo: ['owner'] },
    { label: "owner's notification content", needle: secret('owner-notification-content'), visibleTo: ['owner'] },
    { label: "bidder's notification title", needle: secret('bidder-notification-title'), visibleTo: ['bidder'] },
    { label: "bidder's notification content", needle: secret('bidder-notification-content'), visibleTo: ['bidder'] },
    { label: 'competing bid message', needle: secret('competing-bid-message'), visibleTo: ['owner'] },
    { label: 'competing bid amount', needle: amountPattern(competingAmount), visibleTo: ['owner'] },
    { label: 'competing bid timeline', needle: timelinePattern(competingTimeline), visibleTo: ['owner'] },
    { label: "bidder's hidden review", needle: secret('hidden-review'), visibleTo: ['bidder'] },
    { label: 'rival bid message', needle: secret('rival-bid-message'), visibleTo: rivals },
    { label: 'rival bid amount', needle: amountPattern(rivalAmount), visibleTo: rivals },
    { label: 'rival bid timeline', needle: timelinePattern(rivalTimeline), visibleTo: rivals },
    { label: 'rival chat message', needle: secret('rival-chat'), visibleTo: rivals },
  ];

  return {
    callers,
    newcomer,
    open: { project: openProject, bidId: openBid },
    assigned: { project: assignedProject, bidId: assignedBid },
    underWay: {
      project: underWayProject,
      bidId: underWayBid,
      pendingMilestoneId: pendingMilestone!.id,
      completedMilestoneId: completedMilestone!.id,
      criterionId: underWayCriterion!.id,
      ownerChangeOrderId: ownerChangeOrder!.id,
      acceptedChangeOrderId: acceptedChangeOrder!.id,
    },
    delivered: { project: deliveredProject, bidId: deliveredBid },
    accepted: { project: acceptedProject, bidId: acceptedBid, hiddenReviewId: hiddenReview!.id },
    rival: { project: rivalProject, bidId: rivalBid },
    dispute: { id: dispute!.id, projectId: disputedProject.id, ownerOfferId: ownerOffer!.id },
    ownerNotificationId: ownerNotification!.id,
    ownerMessageId: ownerMessage!.id,
    secrets,
    floors: floors!,
  };
}

interface Chat {
  project: ProjectRow;
  bidId: number;
  finisherId: number;
  lines: [senderId: number, content: string][];
}

/** Bids' conversations as the chat creates them: one channel each, its default thread, some messages (their ids answered in order). */
async function startChats(db: Db, chats: Chat[]) {
  const channels = await db
    .insert(conversationChannels)
    .values(chats.map((c) => ({ projectId: c.project.id, creatorId: c.project.submitterId, developerId: c.finisherId, bidId: c.bidId })))
    .returning({ id: conversationChannels.id });
  const threads = await db
    .insert(conversationThreads)
    .values(chats.map((c, i) => ({ channelId: channels[i]!.id, type: 'general', title: `Bid #${c.bidId}: ${c.project.name}` })))
    .returning({ id: conversationThreads.id });
  return db
    .insert(messages)
    .values(chats.flatMap((c, i) => c.lines.map(([senderId, content]) => ({ threadId: threads[i]!.id, senderId, content }))))
    .returning({ id: messages.id });
}

/**
 * Every row the world owns or a request could have added since it was built, its people's
 * sessions and email preferences, and the webhook ledger, as JSON text: compared before and after a refused request,
 * which must change nothing.
 */
export async function snapshotWorld(db: Db, world: World): Promise<Record<string, unknown>> {
  const userIds = Object.values(world.callers).flatMap((c) => (c.user ? [c.user.id] : []));
  const perTable = tables.map(
    (table) =>
      sql`(select coalesce(json_agg(t order by t.id), '[]') from ${sql.identifier(table)} t where t.id >= ${world.floors[table]})::text as ${sql.identifier(table)}`,
  );
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql.join(
      [
        sql`select`,
        sql.join(perTable, sql`, `),
        sql`, (select coalesce(json_agg(s order by s.token_hash), '[]') from sessions s where s.user_id in ${userIds})::text as sessions`,
        sql`, (select coalesce(json_agg(e order by e.provider, e.event_id), '[]') from processed_webhook_events e)::text as processed_webhook_events`,
        sql`, (select coalesce(json_agg(p order by p.user_id), '[]') from email_preferences p where p.user_id in ${userIds})::text as email_preferences`,
      ],
      sql` `,
    ),
  );
  return row!;
}

/** The secrets a response to this caller gives away: each one's label and where it was found. */
export function leakedSecrets(world: World, caller: CallerName, response: { body: string; headers: unknown }, alsoVisible: readonly string[] = []) {
  const text = `${JSON.stringify(response.headers)}\n${response.body}`;
  return world.secrets
    .filter((s) => !s.visibleTo.includes(caller) && !alsoVisible.includes(s.label))
    .filter((s) => (typeof s.needle === 'string' ? text.includes(s.needle) : s.needle.test(text)))
    .map((s) => s.label);
}
