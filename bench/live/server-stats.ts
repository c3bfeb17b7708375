// What bench/live's servers (the app and the bare relay) answer to the parent's stats request:
// memory after a full garbage collection and the event-loop delay since the previous request.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ServerStats {
  type: 'stats';
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** Event-loop delay since the previous stats request, milliseconds. */
  loopDelayP50: number;
  loopDelayP99: number;
  loopDelayMax: number;
  /** PostgreSQL queries sent since start (BEGIN and COMMIT included): round trips per message. */
  queries: number;
}

/** Answers each { type: 'stats' } IPC message with ServerStats; `queries` counts the server's PostgreSQL queries (0 for the bare relay). */
export function answerStatsRequests(queries: () => number) {
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'stats' || !process.send) return;
    // Twice: the first pass can leave garbage that finalizers only release for the second.
    gc?.();
    gc?.();
    const memory = process.memoryUsage();
    const ms = (ns: number) => ns / 1e6;
    const stats: ServerStats = {
      type: 'stats',
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      loopDelayP50: ms(loopDelay.percentile(50)),
      loopDelayP99: ms(loopDelay.percentile(99)),
      loopDelayMax: ms(loopDelay.max),
      queries: queries(),
    };
    loopDelay.reset();
    process.send(stats);
  });
}
