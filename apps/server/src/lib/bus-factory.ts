import type { Database } from '../db/client.ts';
import { createMemoryBus, type Bus, type BusLog } from './bus.ts';
import { createPostgresBus } from './bus-postgres.ts';
import { createRedisBus } from './bus-redis.ts';

export interface BusSettings {
  /** Set: Redis pub/sub on `redisChannel`. */
  redisUrl?: string;
  redisChannel: string;
  /** Set (and no Redis): PostgreSQL LISTEN/NOTIFY on the app's database. */
  databaseUrl?: string;
}

/**
 * The one place that picks how processes talk: Redis when configured (it is there for exactly this kind of
 * traffic), else PostgreSQL, else (PGlite, a single process by nature) in memory.
 */
export function createBus(settings: BusSettings, database: Database, log: BusLog): Bus {
  if (settings.redisUrl) return createRedisBus({ url: settings.redisUrl, channel: settings.redisChannel, log });
  if (database.kind === 'postgres' && settings.databaseUrl) return createPostgresBus({ databaseUrl: settings.databaseUrl, db: database.db, log });
  return createMemoryBus(log);
}
