import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context.js';
import { sweepDueTimers } from './deal-sweeper.js';
import { armMissingPaymentWindows } from './payment-window.js';

/**
 * Each instance looks for due timers every DEAL_SWEEP_INTERVAL, and once as soon as it listens (a
 * timer that came due while no instance ran fires then). The interval only polls: the timers
 * themselves are rows, so a restart forgets none, and instances sweeping together fire each once.
 * Sweeps of one instance never overlap; the app's close stops the loop.
 */
export function startDealSweeper(app: FastifyInstance, ctx: AppContext): void {
  const intervalMs = ctx.config.deal.sweepIntervalMs;
  if (intervalMs <= 0) return;
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepDueTimers(ctx)
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'sweeping the deal timers failed'))
      .finally(() => {
        running = null;
      });
  };
  let interval: NodeJS.Timeout | undefined;
  app.addHook('onListen', () => {
    // Accepted bids with no payment window yet (from before decision 037) get one, then the first sweep.
    running = armMissingPaymentWindows(ctx)
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'arming the payment windows failed'))
      .finally(() => {
        running = null;
        sweep();
      });
    interval = setInterval(sweep, intervalMs);
    interval.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(interval);
    await running;
  });
}
