import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { backoffDelay, createRemoteBus, type Bus, type BusLog } from './bus.ts';

export interface PostgresBusOptions {
  databaseUrl: string;
  /** NOTIFY goes through the app's pool (a publish needs no connection of its own). */
  db: Db;
  log: BusLog;
  /** An SQL identifier; notifications are per database, so one channel name serves every deployment. */
  channel?: string;
  /** Reconnect back-off of the LISTEN connection. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY: the database every process already shares, nothing else to run.
 * Each process keeps one dedicated connection that LISTENs (a pooled one would be handed to queries); when it
 * drops (restart, failover, pg_terminate_backend) it reconnects with back-off, LISTENs again and resyncs.
 */
export function createPostgresBus({ databaseUrl, db, log, channel = 'tavolo_bus', minDelayMs = 100, maxDelayMs = 5000 }: PostgresBusOptions): Bus {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bus channel must be a plain SQL identifier, got ${JSON.stringify(channel)}`);
  return createRemoteBus('postgres', log, (receive, resync) => {
    let listener: pg.Client | null = null;
    let closed = false;
    let attempt = 0;
    let connectedOnce = false;
    let retry: NodeJS.Timeout | undefined;
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));

    const dropped = (client: pg.Client, err?: Error) => {
      // Both 'error' and 'end' fire for one loss; only the first counts, and only for the current client.
      if (listener !== client) return;
      listener = null;
      client.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, 'bus: LISTEN connection lost; reconnecting');
      schedule();
    };
    const schedule = () => {
      const delay = backoffDelay(attempt++, minDelayMs, maxDelayMs);
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
    };
    const connect = async () => {
      retry = undefined;
      // keepAlive: a connection cut without a FIN (a dead load balancer) is noticed instead of waiting forever.
      const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
      client.on('notification', (note) => {
        if (note.channel === channel && note.payload) receive(note.payload);
      });
      client.on('error', (err) => dropped(client, err));
      client.on('end', () => dropped(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch (err) {
        client.end().catch(() => undefined);
        if (closed) return;
        log.warn({ err, attempt }, 'bus: could not LISTEN; retrying');
        schedule();
        return;
      }
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      listener = client;
      attempt = 0;
      // Whatever was sent while this process was not listening is lost: caches and dashboards catch up instead.
      if (connectedOnce) resync();
      connectedOnce = true;
      markReady();
    };
    void connect();

    return {
      async send(payload) {
        await db.execute(sql`select pg_notify(${channel}, ${payload})`);
      },
      ready: () => ready,
      async close() {
        closed = true;
        clearTimeout(retry);
        const client = listener;
        listener = null;
        await client?.end().catch(() => undefined);
      },
    };
  });
}
