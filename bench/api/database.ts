// The API benchmarks' database: created fresh, migrated and seeded with a given number of projects.
import pg from 'pg';
import { openPostgres } from '#server/db/client.js';
import { type SeedShape, type SeedSummary, seedBenchData } from './seed.js';
import { recreateDatabase } from '../shared.js';

/** Drops and re-creates `name`, migrates it and seeds `projects` projects (five bids each); prints what it wrote. */
export async function createBenchDatabase(name: string, projects: number, shape: SeedShape = {}): Promise<{ databaseUrl: string; seeded: SeedSummary }> {
  const databaseUrl = await recreateDatabase(name);
  const database = await openPostgres(databaseUrl, 1);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const seedPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const seedStart = performance.now();
  const seeded = await seedBenchData(seedPool, projects, shape).finally(() => seedPool.end());
  console.log(
    `Seeded ${name} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${seeded.users} users, ${seeded.projects} projects ` +
      `(${seeded.visibleProjects} open/active, ${seeded.dashboardMatches} of them match "dashboard"), ${seeded.bids} bids, ${seeded.payments} payments, ${seeded.reviews} reviews`,
  );
  return { databaseUrl, seeded };
}
