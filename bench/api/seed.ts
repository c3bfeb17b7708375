// Seeds the API benchmark's database: users, 10,000 projects (or any number), five bids a project, the payments of the paid
// projects and the reviews of the accepted ones, written straight through pg with one unnest()
// INSERT per table (a few seconds).
// Deterministic: the same pseudo-random sequence every run, so runs compare.
import type pg from 'pg';
import { splitPayment } from '#shared/domain/money.js';
import { hashPassword } from '#server/plugins/passwords.js';

export const SUBMITTERS = 200;
export const DEFAULT_FINISHERS = 500;
export const DEFAULT_PROJECTS = 10_000;
export const DEFAULT_BIDS_PER_PROJECT = 5;

/** mulberry32: a small seeded generator, so the data set is the same on every run. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const pickSome = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < count && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, pickSome };
}

const adjectives = [
  'Half-built',
  'Unfinished',
  'Open-source',
  'Simple',
  'Realtime',
  'Minimal',
  'Self-hosted',
  'Modern',
  'Legacy',
  'Tiny',
  'Collaborative',
  'Mobile',
  'Offline-first',
  'Serverless',
  'Privacy-first',
  'Lightweight',
];
// 40 products: "dashboard" is one of them, so about 2.5% of names contain it.
export const products = [
  'dashboard',
  'tracker',
  'marketplace',
  'chat app',
  'CRM',
  'budget planner',
  'recipe manager',
  'habit tracker',
  'portfolio site',
  'booking system',
  'inventory tool',
  'blog engine',
  'analytics tool',
  'time tracker',
  'invoice generator',
  'fitness app',
  'note-taking app',
  'kanban board',
  'job board',
  'podcast player',
  'online store',
  'survey builder',
  'chess engine',
  'weather app',
  'music player',
  'photo gallery',
  'wiki',
  'forum',
  'URL shortener',
  'password manager',
  'expense splitter',
  'learning platform',
  'event planner',
  'crypto wallet',
  'social network',
  'newsletter tool',
  'CMS',
  'API gateway',
  'browser game',
  'scheduler',
];
const audiences = [
  'for small teams',
  'for freelancers',
  'for schools',
  'for dentists',
  'for gyms',
  'for local shops',
  'for families',
  'for students',
  'for remote teams',
  'for nonprofits',
  'for musicians',
  'for landlords',
];
// 50 features: one mentions a dashboard, so descriptions add a few percent more matches.
const features = [
  'user sign-up and login',
  'an admin dashboard',
  'email notifications',
  'a REST API',
  'a GraphQL endpoint',
  'dark mode',
  'CSV export',
  'search with filters',
  'file uploads',
  'Stripe payments',
  'a mobile layout',
  'push notifications',
  'role-based access',
  'an onboarding flow',
  'a public landing page',
  'unit tests for the core',
  'a Docker setup',
  'OAuth with GitHub',
  'team invitations',
  'audit logs',
  'a calendar view',
  'drag and drop',
  'markdown editing',
  'image resizing',
  'rate limiting',
  'webhooks',
  'multi-language support',
  'offline caching',
  'a settings page',
  'two-factor authentication',
  'PDF generation',
  'a billing page',
  'charts and reports',
  'an activity feed',
  'comments and mentions',
  'tagging',
  'bulk import',
  'keyboard shortcuts',
  'a REST client',
  'an SDK',
  'background jobs',
  'a plugin system',
  'SEO metadata',
  'accessibility fixes',
  'a CLI',
  'map integration',
  'video playback',
  'real-time sync',
  'a chat widget',
  'usage analytics',
];
const problems = [
  'the deployment is broken',
  'the tests are flaky',
  'half the screens are mock-ups',
  'the database migrations are a mess',
  'payments never got wired up',
  'the mobile layout falls apart',
  'performance is poor with real data',
  'the original developer moved on',
  'the code has no documentation',
  'authentication is only stubbed',
];
const tasks = [
  'finish the remaining features and ship it',
  'clean up the code and deploy it',
  'fix the bugs and write tests',
  'take it from prototype to production',
  'finish the backend and connect the frontend',
  'polish the UI and launch it',
];
export const technologies = [
  'React',
  'Vue',
  'Svelte',
  'Angular',
  'Next.js',
  'Node.js',
  'Express',
  'Fastify',
  'TypeScript',
  'JavaScript',
  'Python',
  'Django',
  'Flask',
  'FastAPI',
  'Go',
  'Rust',
  'Ruby on Rails',
  'PHP',
  'Laravel',
  'Java',
  'Spring',
  'Kotlin',
  'Swift',
  'Flutter',
  'React Native',
  'PostgreSQL',
  'MySQL',
  'MongoDB',
  'Redis',
  'Tailwind CSS',
];
const timeframes = ['1 week', '2 weeks', '1 month', '2 months', '3 months', 'ASAP', 'Flexible'];
const firstNames = [
  'alex',
  'sam',
  'maya',
  'jonas',
  'priya',
  'devon',
  'lena',
  'omar',
  'kim',
  'lucas',
  'sofia',
  'yuki',
  'noah',
  'ines',
  'ravi',
  'eva',
  'chen',
  'ana',
  'tom',
  'zoe',
];

// The project status mix: about 80% open or active (visible to a visitor), the rest further along.
const statusWeights: [status: string, weight: number][] = [
  ['open', 70],
  ['active', 10],
  ['assigned', 4],
  ['in_progress', 4],
  ['paid', 2],
  ['completed', 3],
  ['accepted', 3],
  ['paused', 2],
  ['cancelled', 2],
];
/** The winning bid's status for a project that has a finisher; paid ones also get a payment. */
const winningBid: Record<string, { bid: string; payment?: string }> = {
  assigned: { bid: 'accepted' },
  in_progress: { bid: 'paid', payment: 'held' },
  paid: { bid: 'paid', payment: 'held' },
  completed: { bid: 'paid', payment: 'held' },
  accepted: { bid: 'completed', payment: 'released' },
};

/** Rows per INSERT: a million rows' arrays in one statement would go past what one message carries. */
const INSERT_CHUNK = 100_000;

/** INSERT ... SELECT FROM unnest($1::type[], ...) for a whole table: one round trip per 100,000 rows. */
async function insertColumns(client: pg.PoolClient, table: string, columns: Record<string, { type: string; values: unknown[] }>) {
  const length = Object.values(columns)[0]?.values.length ?? 0;
  for (let start = 0; start < length; start += INSERT_CHUNK) {
    const chunk = Object.fromEntries(
      Object.entries(columns).map(([name, column]) => [name, { type: column.type, values: column.values.slice(start, start + INSERT_CHUNK) }]),
    );
    await insertChunk(client, table, chunk);
  }
}

async function insertChunk(client: pg.PoolClient, table: string, columns: Record<string, { type: string; values: unknown[] }>) {
  const columnNames = Object.keys(columns);
  const arrays = Object.values(columns);
  const params = arrays.map((column, i) => `$${i + 1}::${column.type === 'text[]' ? 'text' : column.type}[]`);
  // text[] columns travel as array literals in a text[] and are cast back per row (unnest flattens 2-D arrays).
  const select = columnNames.map((_, i) => {
    const type = arrays[i]!.type;
    return type === 'text[]' ? `c${i}::text[]` : `c${i}`;
  });
  await client.query(
    `INSERT INTO ${table} (${columnNames.join(', ')}) SELECT ${select.join(', ')} FROM unnest(${params.join(', ')}) AS u(${columnNames.map((_, i) => `c${i}`).join(', ')})`,
    arrays.map((column) => column.values),
  );
}

const arrayLiteral = (list: string[]) => `{${list.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

export interface SeedSummary {
  users: number;
  projects: number;
  bids: number;
  payments: number;
  reviews: number;
  visibleProjects: number;
  dashboardMatches: number;
  detailProjectId: number;
}

/** What a bench may change of the data set's shape (bench/search.ts: a million projects, 20,000 developers, one bid each). */
export interface SeedShape {
  finishers?: number;
  bidsPerProject?: number;
}

/** Words of a developer's bio in the bench: the directory searches them (issue 30, item 4). */
const bioPhrases = [
  'I finish what others started',
  'full-stack developer with ten years of shipping',
  'frontend specialist who loves accessible interfaces',
  'backend engineer, databases and APIs',
  'mobile apps for startups',
  'I write the tests nobody wrote',
  'payments, billing and subscriptions',
  'performance work and refactoring',
  'DevOps, CI and cloud deployments',
  'data pipelines and dashboards',
];

export async function seedBenchData(pool: pg.Pool, projectCount = DEFAULT_PROJECTS, shape: SeedShape = {}): Promise<SeedSummary> {
  const FINISHERS = shape.finishers ?? DEFAULT_FINISHERS;
  const BIDS_PER_PROJECT = shape.bidsPerProject ?? DEFAULT_BIDS_PER_PROJECT;
  const bidCount = projectCount * BIDS_PER_PROJECT;
  const random = createRandom(20_240_601);
  const passwordHash = await hashPassword('bench-password'); // argon2 once, shared by every user
  const now = Date.now();
  const yearMs = 365 * 86_400_000;

  const userCount = SUBMITTERS + FINISHERS;
  const users = {
    id: [] as number[],
    username: [] as string[],
    email: [] as string[],
    role: [] as string[],
    avatar: [] as (string | null)[],
    created: [] as Date[],
    skills: [] as string[],
    bio: [] as (string | null)[],
    hourlyRate: [] as (number | null)[],
    onboarded: [] as boolean[],
  };
  for (let id = 1; id <= userCount; id++) {
    const role = id <= SUBMITTERS ? 'submitter' : 'finisher';
    const username = `${random.pick(firstNames)}_${role === 'submitter' ? 's' : 'f'}${id}`;
    users.id.push(id);
    users.username.push(username);
    users.email.push(`${username}@bench.finishline.dev`);
    users.role.push(role);
    users.avatar.push(random.next() < 0.5 ? `/uploads/avatars/${username}.webp` : null);
    users.created.push(new Date(now - yearMs - random.int(0, 30) * 86_400_000));
    const finisher = role === 'finisher';
    users.skills.push(arrayLiteral(finisher ? random.pickSome(technologies, random.int(2, 6)) : []));
    users.bio.push(finisher ? `${random.pick(bioPhrases)}; ${random.pick(bioPhrases).toLowerCase()}.` : null);
    users.hourlyRate.push(finisher && random.next() < 0.8 ? random.int(20, 200) : null);
    users.onboarded.push(finisher && random.next() < 0.6);
  }

  const statusTable = statusWeights.flatMap(([status, weight]) => Array<string>(weight).fill(status));
  const projects = {
    id: [] as number[],
    name: [] as string[],
    description: [] as string[],
    tech: [] as string[],
    codeLink: [] as string[],
    image: [] as (string | null)[],
    status: [] as string[],
    submitter: [] as number[],
    finisher: [] as (number | null)[],
    budget: [] as (number | null)[],
    timeframe: [] as (string | null)[],
    created: [] as Date[],
  };
  // Spread over the past year, ascending with the id as in a live database (the planner reads that correlation).
  const projectTimes = Array.from({ length: projectCount }, () => now - Math.floor(random.next() * yearMs)).sort((a, b) => a - b);
  for (let id = 1; id <= projectCount; id++) {
    const product = random.pick(products);
    const name = `${random.pick(adjectives)} ${product} ${random.pick(audiences)}`;
    const [first, second] = random.pickSome(features, 2);
    const description =
      `This ${product} was started ${random.int(2, 30)} months ago and is about ${random.int(30, 90)}% done. ` +
      `It already has ${first} and ${second}, but ${random.pick(problems)}. ` +
      `Looking for someone to ${random.pick(tasks)}.`;
    const status = random.pick(statusTable);
    const submitter = random.int(1, SUBMITTERS);
    projects.id.push(id);
    projects.name.push(name);
    projects.description.push(description);
    projects.tech.push(arrayLiteral(random.pickSome(technologies, random.int(2, 5))));
    projects.codeLink.push(`https://github.com/${users.username[submitter - 1]}/${product.replace(/\W+/g, '-').toLowerCase()}-${id}`);
    projects.image.push(random.next() < 0.3 ? `/uploads/screenshots/p${id}.webp` : null);
    projects.status.push(status);
    projects.submitter.push(submitter);
    projects.finisher.push(winningBid[status] ? random.int(SUBMITTERS + 1, userCount) : null);
    projects.budget.push(random.next() < 0.7 ? random.int(1, 100) * 5_000 : null);
    projects.timeframe.push(random.next() < 0.6 ? random.pick(timeframes) : null);
    projects.created.push(new Date(projectTimes[id - 1]!));
  }

  // Bids: first each assigned project's winning bid, then random (project, finisher) pairs until five a project.
  const bidKeys = new Set<number>();
  const drafts: { projectId: number; finisherId: number; amountCents: number; timelineDays: number; message: string; status: string; created: number }[] = [];
  const addBid = (projectId: number, finisherId: number, status: string) => {
    const key = projectId * 10_000 + finisherId;
    if (bidKeys.has(key)) return;
    bidKeys.add(key);
    const projectCreated = projects.created[projectId - 1]!.getTime();
    drafts.push({
      projectId,
      finisherId,
      amountCents: random.int(1, 200) * 2_500,
      timelineDays: random.int(3, 90),
      message: `I have shipped ${random.int(2, 40)} projects like this one and can ${random.pick(tasks)} in ${random.pick(timeframes)}.`,
      status,
      created: projectCreated + Math.floor(random.next() * (now - projectCreated)),
    });
  };
  for (let i = 0; i < projectCount; i++) {
    const finisher = projects.finisher[i];
    if (finisher != null) addBid(i + 1, finisher, winningBid[projects.status[i]!]!.bid);
  }
  while (drafts.length < bidCount) {
    const projectId = random.int(1, projectCount);
    const status = projects.status[projectId - 1]!;
    addBid(projectId, random.int(SUBMITTERS + 1, userCount), status === 'open' || status === 'active' || status === 'paused' ? 'pending' : 'rejected');
  }
  // Ids in time order, as a live database would have them.
  drafts.sort((a, b) => a.created - b.created);
  const payments = {
    bidId: [] as number[],
    amount: [] as number[],
    fee: [] as number[],
    developer: [] as number[],
    released: [] as number[],
    status: [] as string[],
  };
  drafts.forEach((bid, i) => {
    const payment = winningBid[projects.status[bid.projectId - 1]!]?.payment;
    if (bid.status === 'pending' || bid.status === 'rejected' || !payment) return;
    const split = splitPayment(bid.amountCents);
    payments.bidId.push(i + 1);
    payments.amount.push(split.amountCents);
    payments.fee.push(split.platformFeeCents);
    payments.developer.push(split.developerAmountCents);
    payments.released.push(payment === 'released' ? split.developerAmountCents : 0);
    payments.status.push(payment);
  });
  const bidTimes = drafts.map((bid) => new Date(bid.created));

  let reviewCount = 0;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await insertColumns(client, 'users', {
      id: { type: 'int', values: users.id },
      username: { type: 'text', values: users.username },
      email: { type: 'text', values: users.email },
      password_hash: { type: 'text', values: users.id.map(() => passwordHash) },
      role: { type: 'user_role', values: users.role },
      avatar_url: { type: 'text', values: users.avatar },
      created_at: { type: 'timestamptz', values: users.created },
      skills: { type: 'text[]', values: users.skills },
      bio: { type: 'text', values: users.bio },
      hourly_rate: { type: 'int', values: users.hourlyRate },
      onboarding_complete: { type: 'bool', values: users.onboarded },
    });
    // Row triggers that keep derived data (bid counts, the search vocabulary) would run once per row
    // of a million: off while seeding, the same data written once, set-based, after (migration 0022).
    await client.query(`ALTER TABLE projects DISABLE TRIGGER USER`);
    await client.query(`ALTER TABLE bids DISABLE TRIGGER USER`);
    // The developer records' statement triggers (migration 0030) recount every finisher a chunk touches,
    // planned without statistics inside this transaction (minutes per chunk at a million): counted
    // once after, as the migration's backfill does.
    await client.query(`ALTER TABLE payments DISABLE TRIGGER USER`);
    await client.query(`ALTER TABLE reviews DISABLE TRIGGER USER`);
    await insertColumns(client, 'projects', {
      id: { type: 'int', values: projects.id },
      name: { type: 'text', values: projects.name },
      description: { type: 'text', values: projects.description },
      tech_stack: { type: 'text[]', values: projects.tech },
      code_link: { type: 'text', values: projects.codeLink },
      image_url: { type: 'text', values: projects.image },
      status: { type: 'project_status', values: projects.status },
      submitter_id: { type: 'int', values: projects.submitter },
      finisher_id: { type: 'int', values: projects.finisher },
      budget_cents: { type: 'int', values: projects.budget },
      timeframe: { type: 'text', values: projects.timeframe },
      created_at: { type: 'timestamptz', values: projects.created },
      updated_at: { type: 'timestamptz', values: projects.created },
      // Delivered work: completed (awaiting review) and accepted projects carry their times, as the deal writes them.
      completed_at: {
        type: 'timestamptz',
        values: projects.status.map((status, i) =>
          status === 'completed' || status === 'accepted' ? new Date(projects.created[i]!.getTime() + 20 * 86_400_000) : null,
        ),
      },
      accepted_at: {
        type: 'timestamptz',
        values: projects.status.map((status, i) => (status === 'accepted' ? new Date(projects.created[i]!.getTime() + 22 * 86_400_000) : null)),
      },
    });
    await insertColumns(client, 'bids', {
      id: { type: 'int', values: drafts.map((_, i) => i + 1) },
      project_id: { type: 'int', values: drafts.map((bid) => bid.projectId) },
      finisher_id: { type: 'int', values: drafts.map((bid) => bid.finisherId) },
      amount_cents: { type: 'int', values: drafts.map((bid) => bid.amountCents) },
      timeline_days: { type: 'int', values: drafts.map((bid) => bid.timelineDays) },
      message: { type: 'text', values: drafts.map((bid) => bid.message) },
      status: { type: 'bid_status', values: drafts.map((bid) => bid.status) },
      created_at: { type: 'timestamptz', values: bidTimes },
      updated_at: { type: 'timestamptz', values: bidTimes },
    });
    await insertColumns(client, 'payments', {
      bid_id: { type: 'int', values: payments.bidId },
      amount_cents: { type: 'int', values: payments.amount },
      platform_fee_cents: { type: 'int', values: payments.fee },
      developer_amount_cents: { type: 'int', values: payments.developer },
      released_cents: { type: 'int', values: payments.released },
      status: { type: 'payment_status', values: payments.status },
    });
    // Accepted projects carry both reviews (owner rates finisher, finisher rates owner), when the schema has reviews.
    const { rows: hasReviews } = await client.query<{ exists: boolean }>(`SELECT to_regclass('reviews') IS NOT NULL AS exists`);
    if (hasReviews[0]?.exists) {
      const accepted = projects.id.filter((id) => projects.status[id - 1] === 'accepted');
      const reviews = accepted.flatMap((id) => {
        const owner = projects.submitter[id - 1]!;
        const finisher = projects.finisher[id - 1]!;
        return [
          { projectId: id, reviewerId: owner, revieweeId: finisher, rating: random.int(3, 5) },
          { projectId: id, reviewerId: finisher, revieweeId: owner, rating: random.int(2, 5) },
        ];
      });
      await insertColumns(client, 'reviews', {
        project_id: { type: 'int', values: reviews.map((r) => r.projectId) },
        reviewer_id: { type: 'int', values: reviews.map((r) => r.reviewerId) },
        reviewee_id: { type: 'int', values: reviews.map((r) => r.revieweeId) },
        rating: { type: 'int', values: reviews.map((r) => r.rating) },
      });
      // Both parties reviewed: visible (double-blind reviews, decision 059), on a schema that has the column.
      await client.query(
        `DO $$ BEGIN IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'reviews' AND column_name = 'revealed_at') THEN UPDATE reviews SET revealed_at = created_at; END IF; END $$`,
      );
      reviewCount = reviews.length;
    }
    await client.query(`ALTER TABLE projects ENABLE TRIGGER USER`);
    await client.query(`ALTER TABLE bids ENABLE TRIGGER USER`);
    await client.query(`ALTER TABLE payments ENABLE TRIGGER USER`);
    await client.query(`ALTER TABLE reviews ENABLE TRIGGER USER`);
    await client.query(
      `DO $$ BEGIN IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'projects' AND column_name = 'bid_count') THEN
        UPDATE projects SET bid_count = (SELECT count(*)::int FROM bids WHERE bids.project_id = projects.id);
        INSERT INTO search_words (word) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM projects ON CONFLICT DO NOTHING;
      END IF;
      IF to_regclass('technology_counts') IS NOT NULL THEN
        INSERT INTO technology_counts (name, listed)
          SELECT name, count(*)::int FROM (SELECT DISTINCT p.id, unnest(p.tech_stack) AS name FROM projects p WHERE p.status IN ('open', 'active')) AS used
          GROUP BY name ON CONFLICT (name) DO UPDATE SET listed = EXCLUDED.listed;
      END IF; END $$`,
    );
    // Explicit ids were inserted: move the serial sequences past them.
    for (const table of ['users', 'projects', 'bids']) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await pool.query('VACUUM ANALYZE');
  // Each developer's record counted once, with the statistics the recount's plan needs (see above).
  const { rows: recount } = await pool.query<{ exists: boolean }>(`SELECT to_regproc('developer_records_recount') IS NOT NULL AS exists`);
  if (recount[0]?.exists) {
    await pool.query(`SELECT developer_records_recount(array(SELECT user_id FROM developer_records ORDER BY user_id))`);
    await pool.query('VACUUM ANALYZE developer_records');
  }

  const { rows } = await pool.query<{ visible: number; dashboard: number; detail: number | null }>(
    `
    SELECT
      (SELECT count(*)::int FROM projects WHERE status IN ('open', 'active')) AS visible,
      (SELECT count(*)::int FROM projects WHERE status IN ('open', 'active') AND lower(name || ' ' || description) LIKE '%dashboard%') AS dashboard,
      (SELECT p.id FROM projects p WHERE p.status = 'open' AND (SELECT count(*) FROM bids b WHERE b.project_id = p.id) = $1
        ORDER BY p.created_at DESC LIMIT 1) AS detail`,
    [BIDS_PER_PROJECT],
  );
  const summary = rows[0]!;
  if (summary.detail === null) throw new Error(`seeding produced no open project with exactly ${BIDS_PER_PROJECT} bids`);
  // The benchmarked project page lists acceptance criteria (issue 18), as a real one would.
  await pool.query(
    `INSERT INTO project_criteria (project_id, position, text) SELECT $1, c.position - 1, c.text FROM unnest($2::text[]) WITH ORDINALITY AS c(text, position)`,
    [summary.detail, ['Sign-up and sign-in work on mobile and desktop', 'Every screen of the design is built', 'The test suite passes in CI']],
  );
  return {
    users: userCount,
    projects: projectCount,
    bids: drafts.length,
    payments: payments.bidId.length,
    reviews: reviewCount,
    visibleProjects: summary.visible,
    dashboardMatches: summary.dashboard,
    detailProjectId: summary.detail,
  };
}
