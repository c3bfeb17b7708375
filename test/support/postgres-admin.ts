import pg from 'pg';

/** Runs admin statements (CREATE/DROP DATABASE) on the server TEST_DATABASE_URL points at. */
export async function withDatabase<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
