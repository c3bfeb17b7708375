// The API benchmark's Finishline: the real app from buildApp(), production config, PostgreSQL pool of
// 20, no logger (unless BENCH_API_APP_LOG_LEVEL), no client bundle, on 127.0.0.1 and a free port. Its own process, so the load
// generator in bench/api/run.ts does not share its event loop.
//
//   node --import tsx bench/api/app-server.ts <database-url> [statements.json]   prints {"port": n} when listening
//
// With a second argument it writes there, as JSON, the text of every statement with parameters the
// app sends, the first time it sends it, under its name (prepared statements) or "unnamed: <n>":
// the bare server sends the same texts, under the same names.
import { rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '#server/app.js';
import { openPostgres } from '#server/db/client.js';
import { benchServerConfig } from '../shared.js';

const databaseUrl = process.argv[2];
if (!databaseUrl) {
  console.error('usage: app-server.ts <database-url>');
  process.exit(2);
}

const statementsFile = process.argv[3];
if (statementsFile) {
  const statements: Record<string, { text: string; values: unknown[] }> = {};
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with apply(this) below
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { name?: string; text?: string; values?: unknown[] } | undefined;
    const values = config?.values ?? (args[1] as unknown[] | undefined);
    const key = config?.name || (config?.text && values ? `unnamed: ${config.text}` : undefined);
    if (config?.text && key && !statements[key]) {
      statements[key] = { text: config.text, values: values ?? [] };
      writeFileSync(statementsFile, JSON.stringify(statements, null, 2));
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

const { config, dataDir } = benchServerConfig('api', databaseUrl);
const database = await openPostgres(databaseUrl, 20, { keepIdleConnections: true });
// BENCH_API_APP_LOG_LEVEL=info logs every request as production does (to /dev/null): what logging costs.
const logLevel = process.env.BENCH_API_APP_LOG_LEVEL;
const app = await buildApp({ config, database, logger: logLevel ? { level: logLevel, file: '/dev/null' } : false, clientDir: null });

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
