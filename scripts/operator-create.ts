// `npm run operator:create -- --email ops@example.com --username ops [--password ...]`: makes an
// operator account (issue 15), or makes the account that has this email one. It opens the database
// the server uses (DATABASE_URL, else PGlite under DATA_DIR) and migrates it first, as a start
// would. PGlite is one process's: stop the server before running this on the embedded database.
import { parseArgs } from 'node:util';
import { AppError } from '#server/app-error.js';
import { ConfigError, loadConfig } from '#server/config.js';
import { openDatabase } from '#server/db/client.js';
import { createOperator, type OperatorOutcome } from '#server/features/operators/operators.service.js';

const usage = 'Usage: npm run operator:create -- --email <email> [--username <name>] [--password <password>]';

function describe(result: OperatorOutcome, hasPassword: boolean): string[] {
  const who = `${result.user.username} <${result.user.email}>`;
  if (result.outcome === 'unchanged') return [`${who} is already an operator.`];
  if (result.outcome === 'promoted') {
    return [`${who} was a ${result.previousRole} and is now an operator.`, `Its password is unchanged${hasPassword ? ' (--password was not used)' : ''}.`];
  }
  const lines = [`Created the operator ${who}.`];
  if (result.generatedPassword) lines.push(`Password: ${result.generatedPassword}`, 'It is shown only this once: sign in and change it under Security.');
  return lines;
}

async function main(): Promise<number> {
  let options: { email?: string; username?: string; password?: string };
  try {
    ({ values: options } = parseArgs({ options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (!options.email) {
    console.error(`--email is required.\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const result = await createOperator(database, { email: options.email, username: options.username, password: options.password });
    for (const line of describe(result, options.password !== undefined)) console.log(line);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
