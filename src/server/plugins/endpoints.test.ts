import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints, type Endpoint } from '#shared/contracts/endpoint.js';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { registerErrorHandler } from './error-handler.js';
import { registerEndpoint, registerResponseValidation } from './endpoints.js';
import { compileResponseSerializer, responseSerializerCompiler } from './response-serializer.js';

/** Every endpoint every contract module exports (one object of endpoints per feature, or more). */
function contractEndpoints(): Endpoint[] {
  const modules = import.meta.glob<Record<string, unknown>>('/src/shared/contracts/*.ts', { eager: true });
  const isEndpoint = (value: unknown): value is Endpoint =>
    typeof value === 'object' && value !== null && 'operationId' in value && 'method' in value && 'path' in value;
  const found = new Set<Endpoint>();
  for (const exports of Object.values(modules)) {
    for (const value of Object.values(exports)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const member of Object.values(value)) if (isEndpoint(member)) found.add(member);
    }
  }
  return [...found];
}

const isApiRoute = (url: string) => url.startsWith('/api/');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('one contract per endpoint', () => {
  it('registers every /api route from a contract, and every contract as a route', () => {
    const routes = t.routes.filter((route) => isApiRoute(route.url) && [route.method].flat()[0] !== 'HEAD');
    const undeclared = routes.filter((route) => !route.config?.endpoint && !route.schema?.hide).map((route) => `${String(route.method)} ${route.url}`);
    expect(undeclared).toEqual([]);

    const registered = new Set(routes.map((route) => route.config?.endpoint).filter(Boolean));
    const contracts = contractEndpoints();
    expect(contracts.length).toBeGreaterThan(50);
    // The tests run without a Stripe key, so the sandbox's routes are registered too.
    expect(contracts.filter((endpoint) => !registered.has(endpoint)).map((endpoint) => endpoint.operationId)).toEqual([]);
  });

  it('builds the serializer of every answer every route declares (the server builds each on first use)', () => {
    const schemas = t.routes.flatMap((route) => Object.values((route.schema?.response ?? {}) as Record<string, z.ZodType>));
    expect(schemas.length).toBeGreaterThan(100);
    for (const schema of schemas) expect(typeof compileResponseSerializer(schema)).toBe('function');
  });

  it('gives every operation of the OpenAPI document a summary, a tag and an id', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; operationId?: string }>>;
    }>();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((operation) => !operation.summary || operation.tags?.length !== 1 || !operation.operationId).map((o) => o.name)).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every route that takes a body a closed contract: a strict object, an empty one where nothing is read (issue 26, item 7)', async () => {
    // Bytes read as they came: a signed provider or repository host event, a mail client's one-click form (decision 028).
    const rawBodies = new Set(['payments.webhook', 'repositories.webhook', 'email.unsubscribe']);
    // git's smart HTTP (/git/…) is git's own protocol streamed to git http-backend, not a JSON API (decision 054).
    const mutating = t.routes.filter(
      (route) => !route.url.startsWith('/git/') && [route.method].flat().some((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)),
    );
    expect(mutating.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of mutating) {
      const name = `${String(route.method)} ${route.url}`;
      const endpoint = route.config?.endpoint;
      if (!endpoint) {
        problems.push(`${name}: no contract`);
        continue;
      }
      if (endpoint.bodyFormat === 'raw') {
        if (!rawBodies.has(endpoint.operationId)) problems.push(`${name}: a raw body nobody has justified`);
        continue;
      }
      if (!endpoint.body) {
        problems.push(`${name}: no body contract (use emptyBodySchema where nothing is read)`);
        continue;
      }
      const probe = endpoint.body.safeParse({ zzNotAField: true });
      if (probe.success || !probe.error.issues.some((issue) => issue.code === 'unrecognized_keys'))
        problems.push(`${name}: the body contract accepts unknown fields`);
      if ((endpoint.bodyFormat ?? 'json') !== 'json') continue;
      if (route.schema?.body !== endpoint.body) problems.push(`${name}: the route does not check its body contract`);
      // Where no field is required, the unknown one is all that is wrong: the route refuses it before
      // anything else runs (a visitor gets the 400 that names it, not a 401).
      if (!endpoint.body.safeParse({}).success) continue;
      // Parameters in a form the route takes (a session's id is a UUID), so the body is what it answers about.
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const value = ['1', '00000000-0000-4000-8000-000000000000'].find(
        (v) => endpoint.params?.safeParse(Object.fromEntries(names.map((n) => [n, v]))).success ?? true,
      );
      const url = route.url.replace(/:(\w+)/g, value ?? '1');
      const response = await t.app.inject({ method: [route.method].flat()[0] as 'POST', url, payload: { zzNotAField: true } });
      if (response.statusCode !== 400 || !String(response.json().message).includes('zzNotAField')) {
        problems.push(`${name}: an unknown field answered ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents each error status an endpoint declares', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    // Placing a bid: the spec's validation messages (400), a visitor (401), the owner (403), a second bid (409).
    expect(Object.keys(document.paths['/api/projects/{id}/bids']!.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '409']));
  });

  it("declares on every operation what it needs of the session cookie, from its contract's session (decision 046)", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      servers?: { url: string }[];
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { operationId: string; security?: unknown; responses: Record<string, unknown> }>>;
    }>();
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.components.securitySchemes).toEqual({ session: { type: 'apiKey', in: 'cookie', name: 'fl_session' } });
    const byOperationId = new Map(contractEndpoints().map((endpoint) => [endpoint.operationId, endpoint]));
    const expected = { required: [{ session: [] }], optional: [{}, { session: [] }], none: [] };
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const endpoint = byOperationId.get(operation.operationId.replace(/\.alias$/, ''));
        const name = `${method.toUpperCase()} ${path}`;
        if (!endpoint) problems.push(`${name}: no contract`);
        else if (JSON.stringify(operation.security) !== JSON.stringify(expected[endpoint.session]))
          problems.push(`${name}: security ${JSON.stringify(operation.security)}`);
        else if (endpoint.session === 'required' && !('401' in operation.responses)) problems.push(`${name}: needs a session but documents no 401`);
      }
    }
    expect(problems).toEqual([]);
    // The public ones say so; everything else needs a session.
    expect(byOperationId.get('projects.detail')?.session).toBe('optional');
    expect(byOperationId.get('developers.list')?.session).toBe('none');
    expect(byOperationId.get('bids.detail')?.session).toBe('required');
  });

  it("names PUBLIC_URL's origin as the document's server", async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://finishline.example/some/path' });
    try {
      const document = (await other.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ servers: { url: string }[] }>();
      expect(document.servers.map((server) => server.url)).toEqual(['https://finishline.example']);
    } finally {
      await other.close();
    }
  });
});

describe("a contract's session, enforced on its route", () => {
  const guarded = defineEndpoints('guarded', {
    mine: { method: 'GET', path: '/api/guarded/mine', summary: 'Needs a session', response: z.object({ ran: z.boolean() }), errors: [] },
    open: { method: 'GET', path: '/api/guarded/open', session: 'none', summary: 'Public', response: z.object({ ran: z.boolean() }), errors: [] },
    either: { method: 'GET', path: '/api/guarded/either', session: 'optional', summary: 'Either', response: z.object({ ran: z.boolean() }), errors: [] },
  });

  async function guardedApp(ran: string[]) {
    const app = Fastify({ logger: false });
    app.decorateRequest('user', null);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    registerErrorHandler(app);
    for (const [name, endpoint] of Object.entries(guarded)) {
      registerEndpoint(app, endpoint, () => {
        ran.push(name);
        return { ran: true };
      });
    }
    await app.ready();
    return app;
  }

  it("refuses a visitor with the handler's own 401 before the handler runs, where the session is required", async () => {
    const ran: string[] = [];
    const app = await guardedApp(ran);
    const refused = await app.inject({ method: 'GET', url: '/api/guarded/mine' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Authentication required' });
    // Any spelling the router matches meets the same guard (decision 039).
    expect((await app.inject({ method: 'GET', url: '/api/guarded/%6Dine' })).statusCode).toBe(401);
    expect(ran).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/guarded/open' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/guarded/either' })).statusCode).toBe(200);
    expect(ran).toEqual(['open', 'either']);
  });

  it('adds UNAUTHENTICATED to the codes of an endpoint that needs a session, and only there', () => {
    expect(guarded.mine.allErrors).toContain('UNAUTHENTICATED');
    expect(guarded.open.allErrors).not.toContain('UNAUTHENTICATED');
    expect(guarded.either.allErrors).not.toContain('UNAUTHENTICATED');
  });
});

describe('answers checked against their contract under test', () => {
  const probe = defineEndpoints('probe', {
    item: {
      method: 'GET',
      path: '/api/probe/:id',
      session: 'none',
      summary: 'A probe',
      params: z.object({ id: z.coerce.number() }),
      response: z.object({ name: z.string() }),
      errors: ['NOT_FOUND'],
    },
  });

  async function probeApp(answer: (id: number) => unknown) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    registerErrorHandler(app);
    registerResponseValidation(app);
    registerEndpoint(app, probe.item, (request) => answer(request.params.id) as { name: string });
    await app.ready();
    return app;
  }

  it('lets an answer that keeps the contract through', async () => {
    const app = await probeApp(() => ({ name: 'ok' }));
    expect((await app.inject({ method: 'GET', url: '/api/probe/1' })).json()).toEqual({ name: 'ok' });
  });

  it('turns an answer outside the contract into a 500 that says where', async () => {
    const app = await probeApp(() => ({ name: 42 }));
    const response = await app.inject({ method: 'GET', url: '/api/probe/1' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain('probe.item answered outside its contract at name');
  });

  it('turns an error code the contract does not list into a 500', async () => {
    const { AppError } = await import('#server/app-error.js');
    const app = await probeApp(() => {
      throw new AppError('CONFLICT', 'not declared');
    });
    const response = await app.inject({ method: 'GET', url: '/api/probe/1' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain('probe.item answered CONFLICT, which its contract does not list');
  });
});
