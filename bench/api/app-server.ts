// The API benchmark's Finishline: the real app from buildApp(), production config, PostgreSQL pool of
// 20, no logger, no client bundle, on 127.0.0.1 and a free port. Its own process, so the load
// generator in bench/api/run.ts does not share its event loop.
//
//   node --import tsx bench/api/app-server.ts <database-url>      prints {"port": n} when listening
import { rmSync } from 'node:fs';
import { buildApp } from '#server/app.js';
import { openPostgres } from '#server/db/client.js';
import { benchServerConfig } from '../shared.js';

const databaseUrl = process.argv[2];
if (!databaseUrl) {
  console.error('usage: app-server.ts <database-url>');
  process.exit(2);
}

const { config, dataDir } = benchServerConfig('api', databaseUrl);
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
