import type { RedisClientType } from 'redis';

/** Connects to Redis (REDIS_URL): shared rate-limit counters, and live-event fan-out across instances. */
export async function connectRedis(url: string): Promise<RedisClientType> {
  // Loaded only when REDIS_URL is set: most starts have no Redis (docs/decisions/032-initial-load-and-cold-start.md).
  const { createClient } = await import('redis');
  const client: RedisClientType = createClient({ url });
  client.on('error', (error) => console.error('redis error', error));
  await client.connect();
  return client;
}
