import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("turns zod's parser compiler off for a zod that loads afterwards, without importing zod itself", async () => {
    // Counts what the CSP forbids: zod's probe and its compiled parsers both go through new Function.
    const original = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        compiled += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      await import('./zod-jitless.js');
      const { z } = await import('zod');
      expect(z.config().jitless).toBe(true);
      const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
      for (let i = 0; i < 3; i += 1) expect(schema.parse({ name: 'Maya', tags: ['react'] })).toEqual({ name: 'Maya', tags: ['react'] });
      expect(compiled).toBe(0);
    } finally {
      globalThis.Function = original;
    }
  });
});
