/**
 * Issue 8, part 2: for every route that takes a body, query, parameters or an upload, generated
 * malformed input never gets a 5xx, always gets a 4xx `{ code, message }` a person can read, and
 * leaves the database and the upload storage as they were. Cases come from the route's own zod
 * contracts (test/security/malformed-input.ts), so a new route or field is covered as it lands.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type ErrorCode, errorCodes } from '#shared/errors.js';
import { updateProfileSchema } from '#shared/contracts/profile.schemas.js';
import { completeProjectSchema, createProjectSchema } from '#shared/contracts/projects.schemas.js';
import { completeMilestoneSchema } from '#shared/contracts/milestones.schemas.js';
import { disputeEvidenceBodySchema } from '#shared/contracts/disputes.schemas.js';
import { sendMessageSchema } from '#shared/contracts/conversations.schemas.js';
import { attachmentLimits, attachmentMaxBytes } from '#shared/domain/attachments.js';
import { splitPayment } from '#shared/domain/money.js';
import { bids } from '#server/db/schema/bids.js';
import { milestones } from '#server/db/schema/milestones.js';
import { notifications } from '#server/db/schema/notifications.js';
import { imageUploadMaxBytes } from '#server/integrations/storage/image-upload.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { type Cast, createCast } from '#test/support/cast.js';
import { createProject, insertPayment, signIn } from '#test/support/factories.js';
import { multipart } from '#test/support/multipart.js';
import {
  bodyCases,
  contractRefuses,
  describeSchema,
  multipartCases,
  paramValues,
  queryCases,
  rawJsonCases,
  sampleValid,
  unboundedFields,
} from './malformed-input.js';

type Schema = z.ZodType;

/**
 * Routes that read their body themselves instead of declaring schema.body: a multipart upload or
 * the same fields as JSON. Their contract and file field are named here.
 */
interface SelfReadMultipart {
  fileField: string;
  fields: (valid: object) => Record<string, string>;
  /** Each file's ceiling (default the spec's 5 MB) and how many files go together (default one). */
  maxFileBytes?: number;
  maxFiles?: number;
  /** Spoofed images the route takes for what their bytes are. */
  accepts?: readonly string[];
}

const selfReadBodies: Record<string, { json: Schema; multipart?: SelfReadMultipart }> = {
  'POST /api/projects': { json: createProjectSchema, multipart: { fileField: 'image', fields: (valid) => ({ projectData: JSON.stringify(valid) }) } },
  'PATCH /api/users/:id/profile': { json: updateProfileSchema, multipart: { fileField: 'avatar', fields: () => ({ bio: 'Finishing things since 2010' }) } },
  'POST /api/disputes/:id/evidence': { json: disputeEvidenceBodySchema, multipart: { fileField: 'file', fields: () => ({ statement: 'The build log' }) } },
  // Issue 32, item 2: a delivery and a milestone completion take up to 10 files of 10 MB.
  'POST /api/projects/:id/complete': {
    json: completeProjectSchema,
    multipart: {
      fileField: 'files',
      fields: () => ({ deliveryMessage: 'All done, see the notes attached.' }),
      maxFileBytes: attachmentMaxBytes,
      maxFiles: attachmentLimits.perDelivery,
      accepts: ['text named .png', 'HTML named .png', 'SVG named .png', 'a PDF named .png'],
    },
  },
  'POST /api/milestones/:milestoneId/complete': {
    json: completeMilestoneSchema,
    multipart: {
      fileField: 'files',
      fields: () => ({ note: 'Checkout works, see the log.' }),
      maxFileBytes: attachmentMaxBytes,
      maxFiles: attachmentLimits.perDelivery,
      accepts: ['text named .png', 'HTML named .png', 'SVG named .png', 'a PDF named .png'],
    },
  },
  // Issue 32: up to 5 files of 10 MB; text and PDF are files a conversation takes (served as downloads).
  'POST /api/bids/:bidId/messages': {
    json: sendMessageSchema,
    multipart: {
      fileField: 'files',
      fields: () => ({ content: 'The failing build' }),
      maxFileBytes: attachmentMaxBytes,
      maxFiles: attachmentLimits.perMessage,
      accepts: ['text named .png', 'HTML named .png', 'SVG named .png', 'a PDF named .png'],
    },
  },
};

/**
 * Mutating routes whose body is read as bytes, not as JSON (decision 028). Every other route that
 * reads nothing declares an empty strict body (emptyBodySchema; decision 039), so what it is sent
 * is refused rather than ignored.
 */
const rawBodies = new Set([
  // Refuses anything without a valid provider signature (payments.test.ts covers its bodies).
  'POST /api/stripe/webhook',
  // The same for the repository host's deliveries (repositories.test.ts covers them).
  'POST /api/github/webhook',
  // A mail client's one-click form (List-Unsubscribe=One-Click) or nothing: the signed token in the query is all it reads.
  'POST /api/email/unsubscribe',
]);

/** Samples for fields whose rules the generic candidates do not meet. */
const sampleHints: Record<string, unknown> = {
  // An IANA zone (decision 048): no generic candidate names one.
  timeZone: 'Europe/Lisbon',
};

// Each case is sent as someone the route would otherwise serve, so its 4xx is about the input.
const finisherRoutes = [/\/bids$/, /\/projects\/:id\/complete$/, /\/milestones\/:milestoneId\/complete$/];

// The route table decides which tests exist, so the app is built while the file is collected.
const dataDir = await mkdtemp(path.join(tmpdir(), 'finishline-bad-input-'));
const t: TestApp = await createTestApp({
  DATA_DIR: dataDir,
  // Rate limits would answer 429 before validation runs; this suite is about the validation.
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
  CHAT_MESSAGES_PER_MINUTE: '100000',
  BIDS_PER_HOUR: '100000',
  UPLOADS_PER_HOUR: '100000',
});
const cast: Cast = await createCast(t.app, t.database.db);
const world = await createWorld();
/** Cookie headers of the owner and the finisher, for requests built by hand. */
const cookies: Record<Role, string> = { owner: await signIn(t.app, cast.owner.user.email), finisher: await signIn(t.app, cast.finisher.user.email) };
const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
  .png()
  .toBuffer();
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** One of everything a route's path can name: an open and an assigned project, a bid, a milestone, a notification, a payment. */
async function createWorld() {
  const db = t.database.db;
  const open = await createProject(db, { submitterId: cast.owner.user.id });
  const assigned = await createProject(db, { submitterId: cast.owner.user.id, finisherId: cast.finisher.user.id, status: 'in_progress' });
  const [bid] = await db
    .insert(bids)
    .values({ projectId: open.id, finisherId: cast.finisher.user.id, amountCents: 50_000, timelineDays: 10, message: 'A proposal of a reasonable length.' })
    .returning();
  const [milestone] = await db.insert(milestones).values({ projectId: assigned.id, title: 'First part', amountCents: 10_000 }).returning();
  const [notification] = await db
    .insert(notifications)
    .values({ userId: cast.owner.user.id, type: 'notification', title: 'Hello', content: 'World' })
    .returning();
  // Charged, so the sandbox's chargeback would take it: its 4xx are about the input.
  const payment = await insertPayment(db, {
    bidId: bid!.id,
    ...splitPayment(50_000),
    status: 'held',
    paymentIntentId: 'pi_bad_input',
    chargeId: 'ch_bad_input',
  });
  return {
    openProjectId: open.id,
    assignedProjectId: assigned.id,
    bidId: bid!.id,
    milestoneId: milestone!.id,
    notificationId: notification!.id,
    paymentId: payment.id,
  };
}

// ---------------------------------------------------------------------------------------------
// What the database and the storage hold

/**
 * Columns that change on any signed-in request, whatever its input: the session's last-seen time.
 * Sequences are left out too: a refused insert may use up an id without storing a row.
 */
const volatileColumns = new Set(['sessions.last_seen_at']);

/** Both drivers (node-postgres, PGlite) answer execute() with { rows }. */
async function rowsOf<Row>(query: SQL): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** One digest per table over every row's content, volatile columns left out. */
async function snapshotDatabase(): Promise<Record<string, string>> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`);
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    if (volatileColumns.has(`${table_name}.${column_name}`)) continue;
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), `"${column_name}"`]);
  }
  const digests: Record<string, string> = {};
  for (const [table, cols] of byTable) {
    const rows = await rowsOf<{ digest: string }>(
      sql.raw(`select md5(coalesce(string_agg(r, '|' order by r), '')) as digest from (select row(${cols.join(', ')})::text as r from "${table}") s`),
    );
    digests[table] = rows[0]!.digest;
  }
  return digests;
}

async function listStoredFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

// ---------------------------------------------------------------------------------------------
// Building the cases of one route

interface Case {
  name: string;
  request: InjectOptions;
}

interface RoutePlan {
  key: string;
  cases: Case[];
  /** Generated cases the route's own contract accepts: holes in the contract. */
  contractGaps: string[];
}

const schemaOf = (route: RouteOptions) => (route.schema ?? {}) as { body?: Schema; querystring?: Schema; params?: Schema; hide?: boolean };
const routeKey = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;

type Role = 'owner' | 'finisher';
const roleFor = (url: string): Role => (finisherRoutes.some((pattern) => pattern.test(url)) ? 'finisher' : 'owner');

/** A valid value of each path parameter, chosen by what the path names. */
function validParams(url: string, role: Role): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    if (name === 'username') values[name] = cast.finisher.user.username;
    else if (name === 'milestoneId') values[name] = String(world.milestoneId);
    else if (name === 'bidId') values[name!] = String(world.bidId);
    else if (url.startsWith('/api/users/:id')) values[name!] = String(cast[role].user.id);
    else if (url.startsWith('/api/notifications/:id')) values[name!] = String(world.notificationId);
    else if (name === 'paymentId') values[name] = String(world.paymentId);
    else if (url.startsWith('/api/sandbox/')) values[name!] = 'cs_not_a_signed_id';
    else if (/\/(complete|milestones)$/.test(url)) values[name!] = String(world.assignedProjectId);
    else values[name!] = String(world.openProjectId);
  }
  return values;
}

const fillPath = (url: string, params: Record<string, string>) => url.replace(/:(\w+)/g, (_, name: string) => params[name]!);

function planRoute(route: RouteOptions): RoutePlan {
  const key = routeKey(route);
  const schema = schemaOf(route);
  const method = route.method as InjectOptions['method'];
  const role = roleFor(route.url);
  const params = validParams(route.url, role);
  const url = fillPath(route.url, params);
  const headers = { cookie: cookies[role] };
  const cases: Case[] = [];
  const contractGaps: string[] = [];
  const send = (name: string, request: Partial<InjectOptions>) =>
    cases.push({ name, request: { method, url, ...request, headers: { ...headers, ...(request.headers as object) } } });

  if (schema.params) {
    const model = describeSchema(schema.params);
    for (const [name, field] of Object.entries(model.fields ?? {})) {
      for (const bad of paramValues(field)) send(`param ${name} as ${bad.name}`, { url: fillPath(route.url, { ...params, [name]: String(bad.value) }) });
    }
  }
  if (schema.querystring) {
    for (const bad of queryCases(schema.querystring)) send(`query ${bad.name}`, { url: `${url}?${String(bad.value)}` });
  }
  const bodySchema = schema.body ?? selfReadBodies[key]?.json;
  if (bodySchema) {
    const model = describeSchema(bodySchema);
    if (!model.isStrict) contractGaps.push(`${key}: the body schema accepts unknown fields (use z.strictObject, decision 015)`);
    for (const field of unboundedFields(model)) contractGaps.push(`${key}: ${field} has no maximum length`);
    const valid = sampleValid(bodySchema, sampleHints) as Record<string, unknown>;
    for (const bad of bodyCases(bodySchema, valid)) {
      if (!contractRefuses(bodySchema, bad.value)) contractGaps.push(`${key}: the contract accepts the body with ${bad.name}`);
      send(`body with ${bad.name}`, { payload: JSON.stringify(bad.value), headers: { 'content-type': 'application/json' } });
    }
    for (const { name, payload, headers } of rawJsonCases(valid)) send(`body as ${name}`, { payload, headers });
    const upload = selfReadBodies[key]?.multipart;
    if (upload) {
      for (const { name, payload, headers } of multipartCases({
        fields: upload.fields(valid),
        fileField: upload.fileField,
        maxFileBytes: upload.maxFileBytes ?? imageUploadMaxBytes,
        maxFiles: upload.maxFiles,
        accepts: upload.accepts,
        image,
      })) {
        send(`multipart ${name}`, { payload, headers });
      }
    }
  }
  return { key, cases, contractGaps };
}

// ---------------------------------------------------------------------------------------------

/** What is wrong with one answer, or null when it is a clear refusal. */
function problemWith(response: { statusCode: number; body: string }): string | null {
  if (response.statusCode < 400 || response.statusCode >= 500) return `status ${response.statusCode}: ${response.body.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `status ${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (!errorCodes.includes(code as ErrorCode) || typeof message !== 'string') return `no { code, message }: ${response.body.slice(0, 200)}`;
  if (!/[a-z]{2}/i.test(message) || message.length > 300 || /undefined|\bat .+:\d+|Error:|\[object /.test(message)) {
    return `unclear message ${JSON.stringify(message.slice(0, 200))}`;
  }
  return null;
}

/** Sends every case of a plan and lists what went wrong: answers, database changes, stored files. */
async function runPlan(plan: RoutePlan): Promise<string[]> {
  const problems = [...plan.contractGaps];
  const before = await snapshotDatabase();
  const filesBefore = await listStoredFiles();
  for (const { name, request } of plan.cases) {
    const problem = problemWith(await t.app.inject(request));
    if (problem) problems.push(`${name}: ${problem}`);
  }
  const after = await snapshotDatabase();
  const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
  if (changed.length) problems.push(`changed ${changed.join(', ')}`);
  const filesAfter = await listStoredFiles();
  const added = filesAfter.filter((file) => !filesBefore.includes(file));
  if (added.length) problems.push(`stored ${added.join(', ')}`);
  return problems;
}

const plans = t.routes
  // HEAD answers carry no body to check; hidden routes are the WebSocket, the OpenAPI document and /uploads/*.
  .filter((route) => route.method !== 'HEAD' && !schemaOf(route).hide)
  .map(planRoute)
  .filter((plan) => plan.cases.length > 0);

describe(`malformed input: ${plans.reduce((sum, plan) => sum + plan.cases.length, 0)} cases over ${plans.length} routes`, () => {
  it('knows how every mutating route reads its body', () => {
    const unknown = t.routes
      .filter((route) => !['GET', 'HEAD'].includes(String(route.method)) && !schemaOf(route).body && !schemaOf(route).hide)
      .map(routeKey)
      .filter((key) => !(key in selfReadBodies) && !rawBodies.has(key));
    // A new route that reads a body without schema.body must be added to selfReadBodies (or rawBodies).
    expect(unknown).toEqual([]);
  });

  it.each(plans.map((plan) => [plan.key, plan] as const))('%s: a clear 4xx for each case, nothing written', async (_key, plan) => {
    expect(await runPlan(plan)).toEqual([]);
  });
});

describe('an upload refused after it was read', () => {
  it('leaves no file behind when the profile update itself is refused', async () => {
    const filesBefore = await listStoredFiles();
    const taken = multipart({ username: cast.otherSubmitter.user.username }, [{ field: 'avatar', filename: 'me.png', contentType: 'image/png', body: image }]);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${cast.owner.user.id}/profile`,
      payload: taken.payload,
      headers: { ...taken.headers, cookie: cookies.owner },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This username is already taken');
    expect(await listStoredFiles()).toEqual(filesBefore);
  });
});
