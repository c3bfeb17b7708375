import { describe, expect, it } from 'vitest';
import { contractSchemasOutOfTheBrowser } from '#scripts/vite/contract-schemas.js';

const plugin = contractSchemasOutOfTheBrowser();
const transform = (code: string, id: string) => (plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null).call({}, code, id);

// A contract module as the client build sees it, after TypeScript's types are stripped.
const contract = `import { z } from 'zod';
import { defineEndpoints } from './endpoint.js';
export const itemSchema = z.object({ name: z.string().min(1) });
export const itemsPath = '/api/items';
export const itemEndpoints = defineEndpoints('items', {
  detail: { method: 'GET', path: \`\${itemsPath}/:id\`, summary: 'One item', params: z.object({ id: z.coerce.number() }), response: itemSchema, errors: ['NOT_FOUND'] },
});
`;

describe('the browser build of a contract module', () => {
  it('keeps of each endpoint only its method and path', () => {
    const result = transform(contract, '/repo/src/shared/contracts/items.ts');
    expect(result?.code).toContain("{ detail: { method: 'GET', path: `${itemsPath}/:id` } }");
    expect(result?.code).not.toContain('One item');
    expect(result?.code).not.toContain('NOT_FOUND');
  });

  it('turns every constant built by a call into a pure lazy expression, so an unused schema can be dropped', () => {
    const result = transform(contract, '/repo/src/shared/contracts/items.ts');
    expect(result?.code).toContain('export const itemSchema = /* @__PURE__ */ (() => (z.object({ name: z.string().min(1) })))();');
    // A literal is left as it is.
    expect(result?.code).toContain("export const itemsPath = '/api/items';");
  });

  it('leaves every other module alone', () => {
    expect(transform(contract, '/repo/src/client/lib/api.ts')).toBeNull();
  });
});
