import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';

// Decision 026 (docs/decisions/026-money-on-the-wire.md), checked on the published API: every
// money value an answer carries is integer cents in a field named ...Cents, and a dollar field the
// spec names (amount, budget, platformFee, totalSpent ...) only ever travels next to its cents.

/** Names that look like money. */
const moneyLike = /amount|budget|fee|spent|price|rate/i;

/** Numbers whose names look like money but are not amounts of the ledger, and why. */
const notLedgerMoney: Record<string, string> = {
  acceptanceRate: 'a whole percent of bids won',
  onTimeRate: "a whole percent of a finisher's completed deals delivered by the deal clock's deadline (decisions 033, 052)",
  paidOnTimeRate: "a whole percent of an owner's accepted bids paid within the payment window (issue 30, the trust record)",
  hireRate: "a whole percent of an owner's posted projects that became deals (issue 30, the trust record)",
  hourlyRate:
    "a finisher's asking rate on their profile: typed and stored in whole dollars (users.hourly_rate), never charged, split or summed; " +
    'the spec lists it with the profile’s plain numbers',
};

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** The types a schema allows, through nullable unions ({ anyOf: [{ type: 'integer' }, { type: 'null' }] }). */
function typesOf(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): string[] {
  const resolved = resolve(schema);
  const own = resolved.type === undefined ? [] : Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  const variants = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  return [...own, ...variants.flatMap((variant) => typesOf(variant, resolve))];
}

interface Finding {
  where: string;
  field: string;
  problem: string;
}

/** Every object of every success and error answer, with what breaks the rule. */
function checkResponses(document: OpenApiDocument): { findings: Finding[]; moneyFields: Set<string>; centsFields: Set<string> } {
  const findings: Finding[] = [];
  const moneyFields = new Set<string>();
  const centsFields = new Set<string>();
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return resolve(target);
  };
  const seen = new Set<JsonSchema>();

  const walk = (node: JsonSchema, where: string) => {
    const schema = resolve(node);
    if (seen.has(schema)) return;
    seen.add(schema);
    const properties = schema.properties ?? {};
    for (const [field, property] of Object.entries(properties)) {
      const types = typesOf(property, resolve);
      const isNumeric = types.includes('number') || types.includes('integer');
      if (field.endsWith('Cents')) {
        centsFields.add(field);
        if (!types.includes('integer') || types.includes('number')) findings.push({ where, field, problem: 'a ...Cents field must be an integer' });
      } else if (isNumeric && moneyLike.test(field) && !(field in notLedgerMoney)) {
        moneyFields.add(field);
        const cents = properties[`${field}Cents`];
        if (!cents) findings.push({ where, field, problem: `has no ${field}Cents beside it` });
      }
      walk(property, `${where}.${field}`);
    }
    for (const child of [
      ...(Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []),
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
      ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
    ]) {
      walk(child, `${where}[]`);
    }
  };

  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.schema) walk(media.schema, `${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
  }
  return { findings, moneyFields, centsFields };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('money on the wire (decision 026)', () => {
  it('sends every money-looking number of every answer with a ...Cents integer beside it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const { findings, moneyFields, centsFields } = checkResponses(response.json() as OpenApiDocument);

    expect(findings).toEqual([]);
    // The walk reached the answers that carry money: bids, projects, milestones, payments, spending, chats.
    expect([...moneyFields].sort()).toEqual(expect.arrayContaining(['amount', 'budget', 'developerAmount', 'platformFee', 'totalSpent']));
    expect([...centsFields].sort()).toEqual(
      expect.arrayContaining([
        'amountCents',
        'budgetCents',
        'developerAmountCents',
        'platformFeeCents',
        'refundedCents',
        'releasedCents',
        'settledCents',
        'totalSpentCents',
      ]),
    );
  });

  it('catches a dollar field without its cents, and lets the listed non-ledger numbers pass', () => {
    const answer = (properties: Record<string, JsonSchema>): OpenApiDocument => ({
      paths: {
        '/api/x': { get: { responses: { 200: { content: { 'application/json': { schema: { type: 'array', items: { type: 'object', properties } } } } } } } },
      },
    });
    const nullableInteger = { anyOf: [{ type: 'integer' }, { type: 'null' }] };
    expect(checkResponses(answer({ budget: nullableInteger })).findings).toEqual([
      { where: 'GET /api/x 200[]', field: 'budget', problem: 'has no budgetCents beside it' },
    ]);
    expect(checkResponses(answer({ price: { type: 'number' }, priceCents: { type: 'number' } })).findings).toEqual([
      { where: 'GET /api/x 200[]', field: 'priceCents', problem: 'a ...Cents field must be an integer' },
    ]);
    expect(
      checkResponses(answer({ budget: nullableInteger, budgetCents: nullableInteger, hourlyRate: { type: 'integer' }, feedback: { type: 'string' } })).findings,
    ).toEqual([]);
  });
});
