import type { FastifyInstance } from 'fastify';

/** How long after it starts listening a server waits for its first request before the deferred work runs anyway. */
export const FIRST_ANSWER_FALLBACK_MS = 1000;

interface Deferred {
  queue: (() => void)[];
  isDue: boolean;
  isClosed: boolean;
}

const deferredOf = new WeakMap<FastifyInstance, Deferred>();

/**
 * Runs `work` once the server, listening, has answered its first request, or
 * FIRST_ANSWER_FALLBACK_MS after it began listening when no request comes; never when it closes
 * first. Work a new instance owes but nobody waits for (the job lanes' first runs, settling overdue
 * payments, loading the page renderer) went at once on listening, and the first request waited
 * behind it: with the embedded database every statement queues on one connection (issue 33,
 * cold start). Call it while the app is being built: it adds the hooks that drive it.
 */
export function afterFirstAnswer(app: FastifyInstance, work: () => void) {
  let deferred = deferredOf.get(app);
  if (!deferred) {
    const state: Deferred = { queue: [], isDue: false, isClosed: false };
    deferredOf.set(app, state);
    let isListening = false;
    let timer: NodeJS.Timeout | undefined;
    const runQueued = () => {
      if (state.isDue || state.isClosed) return;
      state.isDue = true;
      clearTimeout(timer);
      for (const run of state.queue.splice(0)) run();
    };
    app.addHook('onListen', (done) => {
      isListening = true;
      timer = setTimeout(runQueued, FIRST_ANSWER_FALLBACK_MS);
      timer.unref();
      done();
    });
    // After the answer is written: the work starts on the next turn of the event loop.
    app.addHook('onResponse', (_request, _reply, done) => {
      if (isListening && !state.isDue) setImmediate(runQueued);
      done();
    });
    app.addHook('onClose', (_instance, done) => {
      state.isClosed = true;
      clearTimeout(timer);
      done();
    });
    deferred = state;
  }
  if (deferred.isClosed) return;
  if (deferred.isDue) work();
  else deferred.queue.push(work);
}
