import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Counts statements, so tests and benchmarks can prove "no N+1" and "no query on a cache hit". */
export class QueryCounter implements Logger {
  count = 0;
  /** `onQuery` sees each statement with its parameters (the scale benchmark EXPLAINs what the routes run). */
  constructor(private readonly onQuery?: (query: string, params: unknown[]) => void) {}
  logQuery(query: string, params: unknown[]): void {
    this.count++;
    this.onQuery?.(query, params);
  }
}

export interface DbOptions {
  /** postgres://... for a real server; otherwise PGlite in `dataDir` (or in memory when dataDir is null). */
  databaseUrl?: string;
  dataDir?: string | null;
  /** Told when the server drops an idle PostgreSQL connection (logged by the app). */
  onIdleError?: (error: Error) => void;
  /** Told every statement with its parameters (see QueryCounter). */
  onQuery?: (query: string, params: unknown[]) => void;
}

/** Names the advisory lock that migrations hold (any fixed number; only Tavolo's migrations take it). */
const MIGRATION_LOCK_KEY = 4_257_120_012;

/**
 * Several processes may start on one database at once (containers scaled out, a rolling upgrade). Unguarded,
 * they would all create drizzle's bookkeeping table and apply the same migration, and all but one would fail.
 * The first takes the lock and migrates; the others wait, then find nothing left to do.
 */
async function migrateExclusively(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const session = await pool.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    // Closing the connection ends its session and with it the lock, even after a failed migration.
    session.release(true);
  }
}

function open(options: DbOptions, counter: QueryCounter) {
  const config = { schema, casing: 'snake_case' as const, logger: counter };
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
    // discards it and opens a new one on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, config) as unknown as Db;
    return {
      kind: 'postgres' as const,
      db,
      migrate: () => migrateExclusively(pool, () => migratePg(db as never, { migrationsFolder })),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    unlock = lockDataDir(options.dataDir);
    dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite(dir);
  const db = drizzlePglite(client, config) as unknown as Db;
  return {
    kind: 'pglite' as const,
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export function createDatabase(options: DbOptions) {
  const queries = new QueryCounter(options.onQuery);
  const handle = open(options, queries);
  return { ...handle, queries };
}

export type Database = ReturnType<typeof createDatabase>;
/** The Drizzle handle both drivers (and their transactions) share: the same PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
