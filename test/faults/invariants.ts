// What must hold in the database after any fault: every write the API acknowledged is there, and
// no deal is half done. Checked with plain SQL on the server's own database, so the checks trust
// nothing the application says about itself.
import pg from 'pg';
import { splitPayment } from '#shared/domain/money.js';

/** Ids the API answered 2xx for, by what the answer promised. */
export interface Acknowledged {
  users: number[];
  projects: number[];
  bids: number[];
  /** Bids whose accept answered 200: they won their project. */
  acceptedBids: number[];
  /** Bids whose checkout opened: a payment row exists. */
  checkouts: number[];
  /** Bids whose sandbox payment answered 200: the money is held (or already paid out). */
  paidBids: number[];
  messages: number[];
  /** Projects whose delivery answered 200. */
  deliveredProjects: number[];
  /** Projects whose work acceptance answered 200. */
  acceptedProjects: number[];
  /** Finishers whose sandbox onboarding answered 200. */
  onboardedUsers: number[];
}

export function noneAcknowledged(): Acknowledged {
  return {
    users: [],
    projects: [],
    bids: [],
    acceptedBids: [],
    checkouts: [],
    paidBids: [],
    messages: [],
    deliveredProjects: [],
    acceptedProjects: [],
    onboardedUsers: [],
  };
}

const WINNING = `('accepted', 'paid', 'completed')`;

/** The acknowledged ids ($1) for which no row matches `proof` (which refers to each as ack.id). */
const missing = (proof: string) => `select ack.id from unnest($1::int[]) as ack(id) where not exists (${proof})`;

/** Each kind of acknowledged write, with the SQL that finds those the database does not bear out. */
const acknowledgedChecks: Record<keyof Acknowledged, string> = {
  users: missing(`select 1 from users u where u.id = ack.id`),
  projects: missing(`select 1 from projects p where p.id = ack.id`),
  bids: missing(`select 1 from bids b where b.id = ack.id`),
  acceptedBids: missing(`select 1 from bids b where b.id = ack.id and b.status in ${WINNING}`),
  checkouts: missing(`select 1 from payments pay where pay.bid_id = ack.id`),
  paidBids: missing(`
      select 1 from payments pay join bids b on b.id = pay.bid_id
      where pay.bid_id = ack.id and pay.status in ('held', 'released') and b.status in ('paid', 'completed')`),
  messages: missing(`select 1 from messages m where m.id = ack.id`),
  deliveredProjects: missing(`select 1 from projects p where p.id = ack.id and p.status in ('completed', 'accepted')`),
  acceptedProjects: missing(`select 1 from projects p where p.id = ack.id and p.status = 'accepted'`),
  onboardedUsers: missing(`select 1 from users u where u.id = ack.id and u.onboarding_complete`),
};

/**
 * Rules over the whole database, each a query for the rows that break it. They describe the deals
 * these loads make: no milestones, no revisions, no cancellations.
 */
const dealRules: Record<string, string> = {
  'at most one winning bid per project': `select project_id as id from bids where status in ${WINNING} group by project_id having count(*) > 1`,
  'a winning bid assigns its finisher and closes bidding': `
    select b.id from bids b join projects p on p.id = b.project_id
    where b.status in ${WINNING} and (p.finisher_id is distinct from b.finisher_id or p.status in ('open', 'active', 'paused'))`,
  'an assigned project has its winning bid': `
    select p.id from projects p
    where p.status in ('assigned', 'in_progress', 'paid', 'completed', 'accepted')
      and not exists (select 1 from bids b where b.project_id = p.id and b.status in ${WINNING})`,
  'no bid is left pending on a project that chose another': `
    select b.id from bids b join projects p on p.id = b.project_id where b.status = 'pending' and p.status not in ('open', 'active', 'paused')`,
  'a payment belongs to its project\u2019s winning bid': `
    select pay.id from payments pay join bids b on b.id = pay.bid_id
    where b.status not in ${WINNING} or (pay.change_order_id is null and pay.amount_cents <> b.amount_cents)`,
  'money held or paid out means the bid is paid': `
    select pay.id from payments pay join bids b on b.id = pay.bid_id
    where (pay.status in ('held', 'released')) <> (b.status in ('paid', 'completed'))`,
  'work starts only on paid projects': `
    select p.id from projects p where p.status = 'in_progress'
      and not exists (select 1 from payments pay join bids b on b.id = pay.bid_id where b.project_id = p.id and pay.status = 'held')`,
  'payouts stay within the finisher\u2019s 90% and the amount': `
    select id from payments where released_cents > developer_amount_cents or settled_cents + refunded_cents > amount_cents or released_cents + refunded_cents > amount_cents`,
  'money is released exactly when the work is accepted': `
    select pay.id from payments pay join bids b on b.id = pay.bid_id join projects p on p.id = b.project_id
    where (pay.status = 'released') and (p.status <> 'accepted' or b.status <> 'completed' or pay.released_cents <> pay.developer_amount_cents)`,
  'accepted work of a payable finisher is paid out (no settlement left behind)': `
    select pay.id from payments pay join bids b on b.id = pay.bid_id join projects p on p.id = b.project_id join users f on f.id = b.finisher_id
    where pay.status = 'held' and p.status = 'accepted' and f.onboarding_complete and f.stripe_connect_account_id is not null`,
  'every bid told its owner': `
    select p.id from projects p
    where (select count(*) from bids b where b.project_id = p.id)
       <> (select count(*) from notifications n where n.user_id = p.submitter_id and n.title = 'New bid received' and n.related_id = p.id)`,
  'every acceptance told its finisher, once': `
    select b.id from bids b
    where (b.status in ${WINNING})::int
       <> (select count(*) from notifications n where n.user_id = b.finisher_id and n.title = 'Bid accepted' and n.related_id = b.project_id)`,
  'every turned-down bid told its finisher, once': `
    select b.id from bids b
    where (b.status = 'rejected')::int
       <> (select count(*) from notifications n where n.user_id = b.finisher_id and n.title = 'Bid not selected' and n.related_id = b.project_id)`,
  'every payment told both parties, once': `
    select pay.id from payments pay join bids b on b.id = pay.bid_id join projects p on p.id = b.project_id
    where pay.change_order_id is null
      and ((pay.status in ('held', 'released'))::int
          <> (select count(*) from notifications n where n.user_id = p.submitter_id and n.title = 'Payment received' and n.related_id = p.id)
       or (pay.status in ('held', 'released'))::int
          <> (select count(*) from notifications n where n.user_id = b.finisher_id and n.title = 'Payment secured' and n.related_id = p.id))`,
  'every payout told its finisher': `
    select pay.id from payments pay join bids b on b.id = pay.bid_id
    where (pay.released_cents > 0)
       <> exists (select 1 from notifications n where n.user_id = b.finisher_id and n.title = 'Payout released' and n.related_id = b.project_id)`,
  'every delivery and acceptance told the other party, once': `
    select p.id from projects p
    where (p.status in ('completed', 'accepted'))::int
          <> (select count(*) from notifications n where n.user_id = p.submitter_id and n.title = 'Work delivered' and n.related_id = p.id)
       or (p.status = 'accepted')::int
          <> (select count(*) from notifications n where n.user_id = p.finisher_id and n.title = 'Work accepted' and n.related_id = p.id)`,
  'every message told its recipient, once': `
    select m.id from messages m
    where (select count(*) from notifications n where n.type = 'message' and n.related_id = m.id and n.user_id <> m.sender_id) <> 1`,
};

/** Every broken rule, as "rule: ids", so a failing test names exactly what went wrong. */
export async function findViolations(databaseUrl: string, acknowledged: Acknowledged): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const violations: string[] = [];
    const report = (rule: string, ids: unknown[]) => {
      if (ids.length > 0) violations.push(`${rule}: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ` (+${ids.length - 20})` : ''}`);
    };
    for (const [kind, query] of Object.entries(acknowledgedChecks) as [keyof Acknowledged, string][]) {
      const { rows } = await client.query<{ id: number }>(query, [acknowledged[kind]]);
      report(
        `acknowledged ${kind} missing`,
        rows.map((row) => row.id),
      );
    }
    for (const [rule, query] of Object.entries(dealRules)) {
      const { rows } = await client.query<{ id: number }>(query);
      report(
        rule,
        rows.map((row) => row.id),
      );
    }
    // The split is one pure function; the stored one must be what it says for the amount.
    // Money columns are bigint (decision 040), which node-postgres returns as text.
    const { rows: splits } = await client.query<{ id: number; amount_cents: string; developer_amount_cents: string }>(
      'select id, amount_cents, developer_amount_cents from payments',
    );
    report(
      'a payment splits its amount 10% / 90%',
      splits.filter((row) => splitPayment(Number(row.amount_cents)).developerAmountCents !== Number(row.developer_amount_cents)).map((row) => row.id),
    );
    return violations;
  } finally {
    await client.end();
  }
}
