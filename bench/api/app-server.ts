// The API benchmark's Finishline: the real app from buildApp(), production config, PostgreSQL pool of
// 20, no logger, no client bundle, on 127.0.0.1 and a free port. Its own process, so the load
// generator in bench/api/run.ts does not share its event loop.
//
//   node --import tsx bench/api/app-server.ts <database-url>      prints {"port": n} when listening
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openPostgres } from '../../src/server/db/client.js';

const databaseUrl = process.argv[2];
if (!databaseUrl) {
  console.error('usage: app-server.ts <database-url>');
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'finishline-bench-api-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  SEED_DEMO_DATA: 'false',
  // Uploads are never touched here; keep the disk store away from the repository's data/.
  DATA_DIR: dataDir,
});
const database = await openPostgres(databaseUrl, 20);
const app = await buildApp({ config, database, logger: false, clientDir: null });

const stop = () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
