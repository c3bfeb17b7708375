// A paced load generator: GET requests sent at evenly spaced moments (every 1/rate s), whether or
// not earlier ones were answered, over a pool of keep-alive connections.
//
// autocannon's `overallRate` is not that: each connection sends its share of a second's requests as
// fast as it can at the start of the second, then waits for the next one, so 300/s arrives as a
// burst of 300 every second and the p99 measures how long the burst takes to drain. It also
// back-fills its histogram for coordinated omission with a 1 ms interval. wrk2 is the usual tool
// for a fixed rate, but it is a C program this machine does not have; this is the part of it the
// benchmark needs. Each latency runs from the moment the request was due, so a generator that falls
// behind counts its lateness against the server (no coordinated omission).
import http from 'node:http';

export interface OpenLoopResult {
  sent: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
}

export async function openLoop(options: {
  url: string;
  rate: number;
  seconds: number;
  maxConnections: number;
  /** Sent with every request (e.g. a session cookie). */
  headers?: Record<string, string>;
}): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxConnections });
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let failures = 0;
  const inFlight: Promise<void>[] = [];

  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(options.url, { agent, headers: options.headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - dueAt);
          else failures += 1;
          resolve();
        });
      });
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        failures += 1;
        resolve();
      });
    });

  const startedAt = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Every request due by now goes out, each stamped with its own due time.
    while (next < total && startedAt + next * intervalMs <= now) {
      inFlight.push(send(startedAt + next * intervalMs));
      next += 1;
    }
    const wait = startedAt + next * intervalMs - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! : Number.NaN);
  return { sent: total, failures, p50: at(0.5), p99: at(0.99), max: at(1), requestsPerSecond: latencies.length / elapsedSeconds };
}
