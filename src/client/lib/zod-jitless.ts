import type { $ZodConfig } from 'zod/v4/core';

// Our Content-Security-Policy has no 'unsafe-eval'. zod compiles object parsers with new Function
// unless told not to, and its probe for that is reported as a CSP violation even though the
// error is caught. This module is the entry's first import, so it runs before any schema exists.
//
// zod keeps its settings in one object on globalThis, shared by every copy of zod on the page, and
// adopts the one it finds there when it loads. Setting `jitless` on that object, rather than calling
// z.config(), keeps zod out of the first load (docs/decisions/018-performance-budgets.md): no schema
// is needed to render the home page, and zod arrives with the pages that use it.
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
(scope.__zod_globalConfig ??= {}).jitless = true;
