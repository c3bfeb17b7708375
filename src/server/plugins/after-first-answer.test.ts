import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { afterFirstAnswer, FIRST_ANSWER_FALLBACK_MS } from './after-first-answer.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function appWithWork() {
  const server = Fastify({ logger: false });
  const ran: string[] = [];
  server.get('/', async () => {
    ran.push('answer');
    return { ok: true };
  });
  afterFirstAnswer(server, () => ran.push('first'));
  afterFirstAnswer(server, () => ran.push('second'));
  app = server;
  return { server, ran };
}

describe('afterFirstAnswer', () => {
  it('runs the work after the listening server has answered, not before', async () => {
    const { server, ran } = appWithWork();
    await server.listen({ port: 0, host: '127.0.0.1' });
    expect(ran).toEqual([]);
    const { port } = server.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    await sleep(20);
    expect(ran).toEqual(['answer', 'first', 'second']);
    // Work added once it is due runs at once.
    afterFirstAnswer(server, () => ran.push('late'));
    expect(ran.at(-1)).toBe('late');
  });

  it('runs it anyway when no request comes, a moment after listening', async () => {
    const { server, ran } = appWithWork();
    await server.listen({ port: 0, host: '127.0.0.1' });
    await sleep(FIRST_ANSWER_FALLBACK_MS + 200);
    expect(ran).toEqual(['first', 'second']);
  });

  it('does not count injected requests before listening, and never runs after closing', async () => {
    const { server, ran } = appWithWork();
    await server.inject({ method: 'GET', url: '/' });
    await sleep(20);
    expect(ran).toEqual(['answer']);
    await server.close();
    app = undefined;
    await sleep(FIRST_ANSWER_FALLBACK_MS + 200);
    expect(ran).toEqual(['answer']);
  });
});
