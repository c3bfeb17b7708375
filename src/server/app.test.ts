import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API shell', () => {
  it('publishes an OpenAPI document of every route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of ['/api/register', '/api/login', '/api/logout', '/api/user', '/api/auth/login', '/api/auth/register', '/api/health']) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect(document.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    // Built on the first request (decision 083): GET only, not its HEAD twin, and the same document after.
    expect(Object.keys(document.paths['/api/user'])).toEqual(['get']);
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).payload).toBe(response.payload);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends them with the request id on errors too: a route not found and a refused request', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/no-such-route' },
      { method: 'POST' as const, url: '/api/login', headers: { origin: 'https://elsewhere.example' }, payload: {} },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
