// Shared pieces of the fault tests' loads: request bodies, loops that run until told to stop, and
// a readable summary of the exchanges that went wrong.
import { durationOf, type Exchange } from './api-client.js';

/** What a Finishline server process (test/support/server-process.ts) needs to serve a test load on `databaseUrl`. */
export function faultServerEnv(databaseUrl: string): Record<string, string> {
  // A load test registers from one address and bids faster than a person: past the default limits.
  return { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '10', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', BIDS_PER_HOUR: '100000' };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sequence = 0;
/** A name no other call in this process has used (usernames, emails, project names). */
export const uniqueName = (prefix: string) => `${prefix}${process.pid}x${++sequence}`;

export const projectBody = (name: string) => ({
  name,
  description: 'A half-built marketplace that needs its payments, messages and reviews finished properly.',
  techStack: ['TypeScript', 'PostgreSQL'],
  codeLink: 'https://github.com/example/half-built',
  budget: 2_000,
});

export const bidBody = (amount: number) => ({ amount, timeline: 14, message: 'I have finished three marketplaces like this one.' });

/** Runs `step` again and again, `pauseMs` apart, until `isRunning()` turns false. */
export async function repeat(isRunning: () => boolean, step: () => Promise<unknown>, pauseMs = 25): Promise<void> {
  while (isRunning()) {
    await step();
    await sleep(pauseMs);
  }
}

/** Polls `condition` until it holds; throws with `what` after `timeoutMs`. */
export async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** One line per exchange, for assertion messages: "POST /api/bids/3/accept -> 500 INTERNAL (12 ms)". */
export function describeExchanges(exchanges: Exchange[]): string[] {
  return exchanges.map((e) =>
    `${e.method} ${e.path} -> ${e.status || e.failure} ${e.body?.code ?? ''} ${e.body?.message ?? ''} (${durationOf(e)} ms)`.replace(/\s+/g, ' '),
  );
}
