import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js are rules a machine checks: these are deliberately
// broken imports, linted as if they were written into real files of the tree. Only the rules these
// tests read run, without type information: building the TypeScript program for the type-aware
// rules took most of this file's time, and `npm run lint` runs those rules on the tree.
const checkedRules = new Set(['boundaries/dependencies', 'no-restricted-imports', 'import-x/no-cycle', 'no-restricted-syntax']);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => checkedRules.has(ruleId),
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies' || message.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

// The first lint loads the whole type-aware config, which takes over 30 s on a busy two-core machine.
describe('import boundaries', { timeout: 120_000 }, () => {
  it('refuses shared code that imports the server', async () => {
    expect(await boundaryErrors('src/shared/domain/limits.ts', "import { buildApp } from '#server/app.js';\nexport const x = buildApp;\n")).toHaveLength(1);
  });

  it('refuses client code that imports the server', async () => {
    expect(await boundaryErrors('src/client/lib/utils.ts', "import { loadConfig } from '#server/config.js';\nexport const x = loadConfig;\n")).toHaveLength(1);
  });

  it("refuses a feature that reaches into another feature's internals, and allows its public entry", async () => {
    const internal = "import { findBidView } from '#server/features/bids/bids.queries.js';\nexport const x = findBidView;\n";
    expect(await boundaryErrors('src/server/features/projects/projects.service.ts', internal)).toHaveLength(1);
    const publicEntry = "import { placeBid } from '#server/features/bids/bids.service.js';\nexport const x = placeBid;\n";
    expect(await boundaryErrors('src/server/features/projects/projects.service.ts', publicEntry)).toEqual([]);
  });

  it('refuses infrastructure that imports a feature', async () => {
    expect(
      await boundaryErrors('src/server/db/client.ts', "import { placeBid } from '#server/features/bids/bids.service.js';\nexport const x = placeBid;\n"),
    ).toHaveLength(1);
  });

  it('refuses an import circle, even through public entries (decision 045)', async () => {
    // deal.service.ts reads deal-money.ts, which reads payments.service.ts: payments importing the deal closes a circle.
    const code = "import { getDeal } from '#server/features/deal/deal.service.js';\nexport const x = getDeal;\n";
    const [result] = await eslint.lintText(code, { filePath: 'src/server/features/payments/payments.service.ts' });
    expect((result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-cycle')).toHaveLength(1);
    expect(await boundaryErrors('src/server/features/payments/payments.service.ts', code)).toEqual([]);
  });

  it('refuses ../ chains where a subpath import exists', async () => {
    expect(await boundaryErrors('src/server/db/client.ts', "import { AppError } from '../app-error.js';\nexport const x = AppError;\n")).toHaveLength(1);
  });
});

describe('guards by the matched route (issue 26, item 3)', () => {
  it('refuses a server hook that decides by the text of the URL', async () => {
    const code = [
      "import type { FastifyInstance } from 'fastify';",
      'export function guard(app: FastifyInstance) {',
      "  app.addHook('onRequest', async (request) => {",
      "    if (!request.url.startsWith('/dev/mail')) return;",
      '  });',
      '}',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: 'src/server/plugins/origin-check.ts' });
    expect((result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax')).toHaveLength(1);
  });
});
