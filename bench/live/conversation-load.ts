// The live benchmark's conversation load (bench/live/active-pairs.ts runs it): its settings from the
// environment, and the driver that has pairs of users type over their sockets and send chat
// messages through the API, each on its own timers, timing each message and typing signal until the
// other party's socket receives it.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SESSION_COOKIE } from '#server/plugins/session.js';
import type { LiveUser, SocketFleet } from './clients.js';
import { sleep } from '../shared.js';

/** The server's default CHAT_MESSAGES_PER_MINUTE: the bench keeps every sender under it rather than raising it. */
const CHAT_MESSAGES_PER_MINUTE = 30;

/** `min-max` milliseconds, or one number for a fixed interval. */
function parseRange(name: string, fallback: string): [number, number] {
  const text = process.env[name] ?? fallback;
  const [min, max = min] = text.split('-').map(Number);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min! < 1 || max! < min!) throw new Error(`${name} must be "min-max" milliseconds, got ${text}`);
  return [min!, max!];
}

function parseCount(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${process.env[name]}`);
  return value;
}

export interface ActiveKnobs {
  pairs: number;
  seconds: number;
  warmupSeconds: number;
  rounds: number;
  typingEveryMs: [number, number];
  messageEveryMs: [number, number];
}

/** The scenario's settings from the environment; pairs 0 means skip it. */
export function readActiveKnobs(deals: number): ActiveKnobs {
  const knobs: ActiveKnobs = {
    pairs: parseCount('BENCH_LIVE_ACTIVE_PAIRS', 200, 0),
    seconds: parseCount('BENCH_LIVE_ACTIVE_SECONDS', 30, 1),
    warmupSeconds: parseCount('BENCH_LIVE_ACTIVE_WARMUP_SECONDS', 5, 0),
    rounds: parseCount('BENCH_LIVE_ACTIVE_ROUNDS', 2, 1),
    typingEveryMs: parseRange('BENCH_LIVE_TYPING_EVERY_MS', '1000-2000'),
    messageEveryMs: parseRange('BENCH_LIVE_MESSAGE_EVERY_MS', '4000-6000'),
  };
  if (knobs.pairs > deals) throw new Error(`BENCH_LIVE_ACTIVE_PAIRS must be at most ${deals}, got ${knobs.pairs}`);
  // A fresh server per run, so a sender's minute holds at most one run's messages (warm-up and run).
  const perMinute = Math.ceil((Math.min(60, knobs.warmupSeconds + knobs.seconds) * 1000) / knobs.messageEveryMs[0]) + 1;
  if (perMinute > CHAT_MESSAGES_PER_MINUTE)
    throw new Error(
      `a sender could send ${perMinute} messages within a minute, over the server's ${CHAT_MESSAGES_PER_MINUTE}: raise BENCH_LIVE_MESSAGE_EVERY_MS`,
    );
  return knobs;
}

export interface Pair {
  bidId: number;
  owner: LiveUser;
  finisher: LiveUser;
}

export interface ActiveResult {
  messagesSent: number;
  messagesAccepted: number;
  messagesDelivered: number;
  /** Send-to-receive milliseconds of the delivered messages, ascending. */
  chatLatencies: number[];
  postLatencies: number[];
  typingSent: number;
  typingRelayed: number;
  /** Typing signals that reached someone other than the bid's other party: must stay 0. */
  typingMisrouted: number;
  typingLatencies: number[];
  clientLoopDelayP99: number;
  firstError: string | undefined;
}

const between = ([min, max]: [number, number]) => min + Math.random() * (max - min);

/**
 * Runs the pairs' conversations for `seconds`: every party types and sends on its own timers, the
 * first of each at a random point of its interval so the load is spread from the start. A typing
 * receipt is matched to the latest signal its typist sent: the intervals (1 s and more) are far
 * above the latencies measured, so a receipt cannot belong to an earlier one; a signal the server
 * throttled (two within its 1 s) is counted as sent and never relayed.
 */
export async function runActivePairs(
  fleet: SocketFleet,
  httpOrigin: string,
  pairs: Pair[],
  knobs: ActiveKnobs,
  seconds: number,
  label: string,
): Promise<ActiveResult> {
  const partnerOf = new Map<number, number>();
  const bidOf = new Map<number, number>();
  for (const pair of pairs) {
    partnerOf.set(pair.owner.id, pair.finisher.id);
    partnerOf.set(pair.finisher.id, pair.owner.id);
    bidOf.set(pair.owner.id, pair.bidId);
    bidOf.set(pair.finisher.id, pair.bidId);
  }
  const pendingChat = new Map<string, { startedAt: number; postMs?: number; latencyMs?: number }>();
  const lastTyping = new Map<number, { sentAt: number; isRelayed: boolean }>();
  const result: ActiveResult = {
    messagesSent: 0,
    messagesAccepted: 0,
    messagesDelivered: 0,
    chatLatencies: [],
    postLatencies: [],
    typingSent: 0,
    typingRelayed: 0,
    typingMisrouted: 0,
    typingLatencies: [],
    clientLoopDelayP99: 0,
    firstError: undefined,
  };
  fleet.listen((content, receivedAt) => {
    const entry = pendingChat.get(content);
    if (!entry || entry.latencyMs !== undefined) return;
    entry.latencyMs = receivedAt - entry.startedAt;
    result.messagesDelivered++;
  });
  fleet.listenForTyping((receiverId, bidId, typistId, receivedAt) => {
    if (partnerOf.get(typistId) !== receiverId || bidOf.get(typistId) !== bidId) {
      result.typingMisrouted++;
      return;
    }
    const entry = lastTyping.get(typistId);
    if (!entry || entry.isRelayed) return;
    entry.isRelayed = true;
    result.typingRelayed++;
    result.typingLatencies.push(receivedAt - entry.sentAt);
  });

  const post = async (sender: LiveUser, bidId: number, content: string) => {
    const entry = { startedAt: performance.now() } as { startedAt: number; postMs?: number; latencyMs?: number };
    pendingChat.set(content, entry);
    result.messagesSent++;
    try {
      const response = await fetch(`${httpOrigin}/api/bids/${bidId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${sender.token}`, origin: httpOrigin },
        body: JSON.stringify({ content }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = await response.text();
      if (response.status === 201) {
        entry.postMs = performance.now() - entry.startedAt;
        result.messagesAccepted++;
      } else result.firstError ??= `POST /api/bids/${bidId}/messages answered ${response.status}: ${body.slice(0, 300)}`;
    } catch (error) {
      result.firstError ??= `POST /api/bids/${bidId}/messages failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const stopAt = performance.now() + seconds * 1000;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight: Promise<void>[] = [];
  let sequence = 0;
  /** Calls `act` every `range` ms until stopAt, the first time at a random point of the longest interval. */
  const every = (range: [number, number], act: () => void, delay = Math.random() * range[1]) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (performance.now() >= stopAt) return;
      act();
      every(range, act, between(range));
    }, delay);
    timers.add(timer);
  };
  for (const party of pairs.flatMap((pair) => [pair.owner, pair.finisher])) {
    const bidId = bidOf.get(party.id)!;
    every(knobs.typingEveryMs, () => {
      const sentAt = performance.now();
      if (!fleet.sendTyping(party.id, bidId)) return;
      lastTyping.set(party.id, { sentAt, isRelayed: false });
      result.typingSent++;
    });
    every(knobs.messageEveryMs, () => {
      inFlight.push(post(party, bidId, `${label}#${sequence++}: is the typing indicator done?`));
    });
  }
  while (performance.now() < stopAt) await sleep(50);
  for (const timer of timers) clearTimeout(timer);
  await Promise.all(inFlight);
  loopDelay.disable();
  // Stragglers: the messages still on their way, and the last typing signals.
  const drainUntil = performance.now() + 5_000;
  while (result.messagesDelivered < result.messagesAccepted && performance.now() < drainUntil) await sleep(10);
  await sleep(200);
  fleet.listen(() => undefined);
  fleet.listenForTyping(() => undefined);

  const ascending = (values: number[]) => values.sort((a, b) => a - b);
  const entries = [...pendingChat.values()];
  result.chatLatencies = ascending(entries.flatMap((entry) => (entry.latencyMs === undefined ? [] : [entry.latencyMs])));
  result.postLatencies = ascending(entries.flatMap((entry) => (entry.postMs === undefined ? [] : [entry.postMs])));
  ascending(result.typingLatencies);
  result.clientLoopDelayP99 = loopDelay.percentile(99) / 1e6;
  return result;
}
