import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_NODE_FLAGS } from '#scripts/node-flags.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe("the server's node flags (decision 076)", () => {
  it('are the same for npm start, the systemd unit and the benchmarks', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toBe(`exec node ${APP_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    const execStart = /^ExecStart=(.*)$/m.exec(read('deploy/finishline@.service'))?.[1];
    expect(execStart).toBe(`/usr/bin/node ${APP_NODE_FLAGS.join(' ')} dist/server/main.js`);
  });
});
