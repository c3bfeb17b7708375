// The built server (dist/server, dist/shared) keeps its `#server/*` and `#shared/*` imports as tsc
// wrote them. Node resolves them through the nearest package.json, so dist gets its own, pointing
// at the built files; the root package.json points the same names at the sources (tsx, Vitest, Vite).
import { writeFileSync } from 'node:fs';

const distPackage = {
  type: 'module',
  private: true,
  imports: { '#shared/*': './shared/*', '#server/*': './server/*' },
};
writeFileSync(new URL('../dist/package.json', import.meta.url), `${JSON.stringify(distPackage, null, 2)}\n`);
