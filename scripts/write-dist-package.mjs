// dist holds ES modules (the server's bundle, the page renderer): its own package.json says so,
// whatever the package.json above it says.
import { writeFileSync } from 'node:fs';

const distPackage = { type: 'module', private: true };
writeFileSync(new URL('../dist/package.json', import.meta.url), `${JSON.stringify(distPackage, null, 2)}\n`);
