import { createClient, type RedisClientType } from 'redis';

/** Connects to Redis (REDIS_URL): shared rate-limit counters, and live-event fan-out across instances. */
export async function connectRedis(url: string): Promise<RedisClientType> {
  const client: RedisClientType = createClient({ url });
  client.on('error', (error) => console.error('redis error', error));
  await client.connect();
  return client;
}
