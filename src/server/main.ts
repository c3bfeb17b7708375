// The process entry of npm start and npm run dev; the server itself lives in start-server.ts.
//
// With the embedded database, opening it is about a third of a cold start, and much of that is
// waiting (its WebAssembly compiles off the main thread). So it starts first, and the rest of the
// app's modules load meanwhile: start-server.js is imported only after (decision 035).
import { ConfigError, loadConfig } from './config.js';
import { createPglite } from '#server/db/pglite.js';

async function main() {
  const config = loadConfig();
  const embeddedDatabase = config.databaseUrl ? undefined : createPglite({ dataDir: config.dataDir });
  // A failure surfaces where the database is opened; until then it must not count as unhandled.
  embeddedDatabase?.catch(() => undefined);
  const { startServer } = await import('./start-server.js');
  await startServer({}, { config, embeddedDatabase });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
