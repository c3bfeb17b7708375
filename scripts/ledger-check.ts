// `npm run ledger:check`: recomputes every payment's identity from the money ledger and compares it
// with the payment rows and, with Stripe configured, with Stripe's transfers and refunds (issue 31,
// item 5). Prints each discrepancy and exits 1 on any, 0 when everything adds up. It opens the
// database the server uses (DATABASE_URL, else PGlite under DATA_DIR), as operator:create does;
// `--database-url <url>` checks another one (the CI checks each test file's database with it).
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.js';
import { openDatabase, openPostgres } from '#server/db/client.js';
import { findLedgerDiscrepancies, findProviderDiscrepancies } from '#server/features/ledger/reconciliation.js';
import { createPaymentProvider } from '#server/integrations/payments/create-provider.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });
  const config = loadConfig();
  const database = values['database-url'] ? await openPostgres(values['database-url'], 1) : await openDatabase(config);
  try {
    if (!values['database-url']) await database.migrate();
    const found = await findLedgerDiscrepancies(database.db);
    if (config.stripe) found.push(...(await findProviderDiscrepancies(database.db, createPaymentProvider(config))));
    for (const discrepancy of found) console.log(discrepancy.message);
    console.log(found.length === 0 ? 'ledger:check: every payment adds up.' : `ledger:check: ${found.length} discrepancies.`);
    return found.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
