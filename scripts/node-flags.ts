/**
 * The node flags Finishline's server runs with: `npm start` (package.json) and the systemd unit
 * (deploy/finishline@.service) pass them, and the benchmarks start every server they measure with
 * them, so that a figure is the one production sees. test/deploy/node-flags.test.ts keeps the three
 * in step. Decision 076.
 *
 * --initial-old-space-size=128: V8 otherwise holds the old generation's limit just above what
 * survived the last full collection (about 45 MB for this server), and a 10 MB upload then
 * triggered a full mark-compact of the whole heap nearly every time (74 in 10 s of uploads).
 */
export const APP_NODE_FLAGS = ['--initial-old-space-size=128'] as const;
