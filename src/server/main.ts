// The process entry of npm start and npm run dev; the server itself lives in start-server.ts.
//
// With the embedded database, opening it is about half of a cold start: PostgreSQL starting inside
// WebAssembly. So its thread starts first, before even the configuration loads (decision 081), and
// opens the directory the configuration names while the rest of the app's modules load and the app
// is built on this thread: start-server.js is imported only after (decision 035).
import { PgliteThread } from '#server/db/pglite-thread.js';

async function main() {
  const thread = new PgliteThread();
  const { ConfigError, loadConfig } = await import('./config.js');
  try {
    const config = loadConfig();
    if (config.databaseUrl) await thread.terminate();
    // A failure to open surfaces at the first statement (the migration check); not as unhandled here.
    else thread.open({ dataDir: config.dataDir }).catch(() => undefined);
    const { startServer } = await import('./start-server.js');
    await startServer({}, { config, embeddedDatabase: config.databaseUrl ? undefined : thread });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

void main();
