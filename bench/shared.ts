// Helpers every benchmark uses: its own PostgreSQL database, child servers, and /proc CPU readings.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '#server/config.js';

/** The PostgreSQL server the benchmarks create their databases on. */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const STOP_TIMEOUT_MS = 10_000;
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every mainstream Linux

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drops and creates `name` on the admin server; answers its connection string. */
export async function recreateDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** SIGTERM, then SIGKILL if the child has not exited within 10 s. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if ((await Promise.race([exited.then(() => 'exited'), sleep(STOP_TIMEOUT_MS)])) !== 'exited') child.kill('SIGKILL');
}

/** User + system CPU milliseconds a process has used so far, from /proc (Linux); null elsewhere. */
export function readCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * A benchmark server's configuration: production, silent, on its own PostgreSQL database, no demo
 * data, and a temporary DATA_DIR (uploads are never touched, but the disk store must stay away
 * from the repository's data/). The caller removes `dataDir` when it stops.
 */
export function benchServerConfig(name: string, databaseUrl: string, env: Record<string, string> = {}): { config: Config; dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), `finishline-bench-${name}-`));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'false', DATA_DIR: dataDir, ...env });
  return { config, dataDir };
}
