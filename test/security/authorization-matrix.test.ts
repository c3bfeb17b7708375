import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyone, idOf, type MatrixApp, type Row, runCell, startMatrixApp, type Statuses } from './authorization-cells.js';
import { accountRows } from './authorization-rows-accounts.js';
import { dealRows } from './authorization-rows-deal.js';
import { newProject, operatorScopeRow, projectRows, proposal } from './authorization-rows-projects.js';
import { repositoryRows } from './authorization-rows-repositories.js';
import { type CallerName, callerNames, type SignedInName } from './authorization-world.js';

/**
 * Issue 8: every route of the server, tried as every kind of caller, each on a world of its own.
 * A cell is the status that caller gets. Whatever the status, the response must not carry a
 * private value of the world that caller may not see (see `secrets` in authorization-world.ts),
 * and a refused request (4xx) must leave every row of the world as it was.
 *
 * The callers (issue 26): a visitor, a signed-in stranger, the owner, the owner's finisher, a
 * finisher of someone else's project, and a Finishline operator.
 *
 * A new route needs a row, or the first test below fails and names it. Add it to the rows of its
 * area: authorization-rows-accounts.ts (accounts, email, notifications, people, live),
 * authorization-rows-projects.ts (projects, scope, bids, chat, milestones) or
 * authorization-rows-deal.ts (deal clock, change orders, disputes, payments) or
 * authorization-rows-repositories.ts (the sandbox git host). A row is
 *   { route: 'POST /api/x/:id', expect: only({ owner: 200 }), request: (w) => ({ url: `/api/x/${w.open.project.id}`, payload: {} }) }
 * where `only` refuses everyone not listed (visitor 401, the others 403, the operator included),
 * `everyone(200)` and `signedIn(200)` answer alike; `shows` names secrets the allowed answer must
 * carry, `operatorSees` what an operator may read there besides.
 */

const matrix: Row[] = [...accountRows, ...projectRows, ...dealRows, ...repositoryRows];

/**
 * The built client's files (/index.html, /assets/*.js ...) are served by @fastify/static when a
 * bundle exists; they are public and not API. The test app has no bundle, so this matches nothing
 * today; it is written so that a real route cannot hide behind it (anything under /api, /uploads
 * or /ws, or without a file extension, still needs a row).
 */
const isClientBundleFile = (url: string) => !/^\/(api|uploads|ws)(\/|$)/.test(url) && /\.[a-z0-9]+$/i.test(url);

/** 'METHOD /url' of every registered route; HEAD, which fastify adds to every GET, is folded into the GET row. */
function routeKeys(routes: RouteOptions[]): string[] {
  const keys = routes.flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
  return [...new Set(keys.map((key) => key.replace(/^HEAD /, 'GET ')))].filter((key) => !isClientBundleFile(key.split(' ')[1]!));
}

let m: MatrixApp;

beforeAll(async () => {
  m = await startMatrixApp();
});
afterAll(() => m?.close());

describe('authorization matrix', () => {
  it('has one row for every route the server registers, and none for a route that is gone', () => {
    const registered = routeKeys(m.routes);
    const rows = matrix.map((row) => row.route);
    expect(
      registered.filter((route) => !rows.includes(route)),
      'routes without a row in the matrix: add one to the rows of their area (authorization-rows-*.ts)',
    ).toEqual([]);
    expect(
      rows.filter((route) => !registered.includes(route)),
      'rows naming a route that does not exist',
    ).toEqual([]);
    expect(
      rows.filter((route, i) => rows.indexOf(route) !== i),
      'routes with two rows',
    ).toEqual([]);
  });

  it("refuses the visitor (401) exactly where the route's contract needs a session (decision 046)", () => {
    const mismatched: string[] = [];
    for (const route of m.routes) {
      const endpoint = route.config?.endpoint;
      if (!endpoint) continue;
      for (const method of [route.method].flat().filter((name) => name !== 'HEAD')) {
        const row = matrix.find((candidate) => candidate.route === `${method} ${route.url}`);
        const refusesVisitor = row?.expect.visitor === 401;
        if (row && refusesVisitor !== (endpoint.session === 'required'))
          mismatched.push(`${row.route}: session ${endpoint.session}, visitor ${row.expect.visitor}`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  for (const row of matrix) it(row.route, () => judge(row));
});

/** Rows of a route the matrix has already, on another part of the world where the answers differ. */
describe('authorization matrix, second rows', () => {
  it(`${operatorScopeRow.route} of a disputed deal`, () => judge(operatorScopeRow));
});

/** Every caller's cell of a row: the statuses it expects, and no problem in any answer. */
async function judge(row: Row) {
  const statuses = {} as Statuses;
  const problems: Partial<Record<CallerName, string[]>> = {};
  for (const name of callerNames) {
    const cell = await runCell(m, row, name);
    statuses[name] = cell.status;
    if (cell.problems.length > 0) problems[name] = cell.problems;
  }
  expect({ statuses, problems }).toEqual({ statuses: row.expect, problems: {} });
}

/**
 * Fields that would let a caller act as someone else, or raise their own rights. The client sends
 * submitterId and finisherId (spec section 7), so those are accepted and ignored: the caller is
 * who acts. The others are refused outright (400) and change nothing. Each is tried by the one
 * caller it would tempt.
 */
interface Overreach {
  caller: SignedInName;
  field: string;
  row: Omit<Row, 'expect'>;
  status: number;
  /** Who the created row belongs to, read from the answer. */
  actsAs?: { field: string; caller: SignedInName };
}

const refusedProfileFields = { role: 'finisher', onboardingComplete: true, stripeConnectAccountId: 'acct_borrowed', passwordHash: 'x' };
const overreach: Overreach[] = [
  {
    caller: 'owner',
    field: 'submitterId',
    status: 201,
    actsAs: { field: 'submitterId', caller: 'owner' },
    row: { route: 'POST /api/projects', request: (w) => ({ url: '/api/projects', payload: { ...newProject, submitterId: idOf(w, 'stranger') } }) },
  },
  {
    caller: 'otherFinisher',
    field: 'finisherId',
    status: 201,
    actsAs: { field: 'finisherId', caller: 'otherFinisher' },
    row: {
      route: 'POST /api/projects/:id/bids',
      request: (w) => ({ url: `/api/projects/${w.open.project.id}/bids`, payload: { ...proposal, finisherId: idOf(w, 'bidder') } }),
    },
  },
  ...Object.entries(refusedProfileFields).map(([field, value]): Overreach => ({
    caller: 'stranger',
    field,
    status: 400,
    row: { route: 'PATCH /api/users/:id/profile', request: (w) => ({ url: `/api/users/${idOf(w, 'stranger')}/profile`, payload: { [field]: value } }) },
  })),
  {
    caller: 'owner',
    field: 'status accepted',
    status: 400,
    row: {
      route: 'PATCH /api/projects/:id/status',
      request: (w) => ({ url: `/api/projects/${w.delivered.project.id}/status`, payload: { status: 'accepted' } }),
    },
  },
];

describe('a request body cannot act for someone else or raise its own rights', () => {
  for (const { caller, field, row, status, actsAs } of overreach) {
    it(`${row.route} as ${caller} with ${field}`, async () => {
      const cell = await runCell(m, { ...row, expect: everyone(status) }, caller);
      expect({ status: cell.status, problems: cell.problems }).toEqual({ status, problems: [] });
      if (actsAs) expect(JSON.parse(cell.body)[actsAs.field]).toBe(idOf(cell.world, actsAs.caller));
    });
  }
});
