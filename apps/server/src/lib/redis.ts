import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export type { Redis } from 'ioredis';

type Log = Pick<FastifyBaseLogger, 'warn'> & Partial<Pick<FastifyBaseLogger, 'info'>>;

/**
 * A Redis client for state shared between processes (rate limits, login throttle, live bus).
 *
 * Defaults favour failing fast over waiting: a request must never hang because Redis is away. Commands issued
 * while disconnected are rejected at once (no offline queue) and a command in flight is retried once, so callers
 * see an error within ~`connectTimeout` and decide themselves whether to fail open or closed. ioredis keeps
 * reconnecting in the background (backoff up to 2 s). A subscriber connection, which must queue its SUBSCRIBE
 * until the first connect, can pass `{ enableOfflineQueue: true }`.
 *
 * Going down and coming back are each logged once, not on every reconnect attempt.
 */
export function createRedis(url: string, name: string, options: { log?: Log } & RedisOptions = {}): Redis {
  const { log, ...overrides } = options;
  const client = new Redis(url, {
    connectionName: `tavolo:${name}`,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    ...overrides,
  });
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err, redis: name }, 'Redis unreachable; retrying in the background');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info?.({ redis: name }, 'Redis reachable again');
  });
  return client;
}

/** Closes politely when connected (pending replies arrive first), at once otherwise; safe to call twice. */
export async function closeRedis(client: Redis | undefined): Promise<void> {
  if (!client || client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Connection dropped during QUIT: fall through to a hard disconnect.
    }
  }
  client.disconnect();
}
