import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.js';
import { client } from '#test/support/http.js';
import { getSiteContact } from './site.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'hello@finishline.test', OPERATOR_EMAIL: 'ops@finishline.test' });
});
afterAll(() => t.close());

describe('GET /api/site/contact (issue 28, item 16)', () => {
  it('gives anyone, a visitor too, the configured contact address', async () => {
    const contact = await client(t.app).get('/api/site/contact');
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toEqual({ contactEmail: 'hello@finishline.test' });
  });

  it('falls back to the operator’s address, and to none', () => {
    const config = t.config;
    expect(getSiteContact({ config: { ...config, contactEmail: undefined } })).toEqual({ contactEmail: 'ops@finishline.test' });
    expect(getSiteContact({ config: { ...config, contactEmail: undefined, operatorEmail: undefined } })).toEqual({ contactEmail: null });
  });
});
