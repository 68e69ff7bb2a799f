/**
 * The process bus: in memory, over PostgreSQL LISTEN/NOTIFY (with TEST_DATABASE_URL) and over Redis pub/sub
 * (with TEST_REDIS_URL). Two buses stand for two server processes: what one publishes the other receives, the
 * publisher's own handlers get it exactly once, and a dropped LISTEN connection comes back by itself.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../test/harness.ts';
import { COALESCE_MS, createMemoryBus, createRemoteBus, MAX_PAYLOAD_BYTES, type Bus, type BusMessage } from './bus.ts';
import { createPostgresBus } from './bus-postgres.ts';
import { createRedisBus } from './bus-redis.ts';
import { createLiveEvents } from './live-events.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** Collects what a bus delivers; debug/info logs are dropped, warnings and errors kept for assertions. */
function recorder(bus: Bus) {
  const got: BusMessage[] = [];
  bus.subscribe((message) => got.push(message));
  return got;
}
function memoryLog() {
  const lines: string[] = [];
  const log = { info: () => undefined, warn: (_: unknown, msg?: string) => void lines.push(`warn ${msg}`), error: (_: unknown, msg?: string) => void lines.push(`error ${msg}`) };
  return { log, lines };
}
const quietLog = memoryLog().log;

async function until(check: () => boolean, timeoutMs = 5000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const order = (tenantId: string) => ({ kind: 'live' as const, tenantId, event: { topics: ['orders' as const] } });

describe('memory bus', () => {
  it('delivers to every handler of the process at once, and a throwing handler does not stop the others', () => {
    const { log, lines } = memoryLog();
    const bus = createMemoryBus(log);
    bus.subscribe(() => {
      throw new Error('broken handler');
    });
    const got = recorder(bus);
    bus.publish({ kind: 'domains' });
    expect(got).toEqual([{ kind: 'domains' }]);
    expect(lines).toEqual(['error bus handler failed']);
  });

  it('lets live events reach only the subscribers of the tenant, and unsubscribe stops them', () => {
    const live = createLiveEvents(createMemoryBus(quietLog));
    const a: unknown[] = [];
    const b: unknown[] = [];
    const stopA = live.subscribe('tenant-a', (e) => a.push(e));
    live.subscribe('tenant-b', (e) => b.push(e));
    live.publish('tenant-a', { topics: ['orders'] });
    stopA();
    live.publish('tenant-a', { topics: ['bulletin'] });
    expect(a).toEqual([{ topics: ['orders'] }]);
    expect(b).toEqual([]);
    expect(live.listeners('tenant-a')).toBe(0);
  });
});

describe('remote bus (any transport)', () => {
  /** A transport whose wire is an array: what was sent, and a way to feed payloads in. */
  function wired() {
    const sent: string[] = [];
    let feed!: (payload: string) => void;
    let resync!: () => void;
    const { log, lines } = memoryLog();
    const bus = createRemoteBus('postgres', log, (receive, onResync) => {
      feed = receive;
      resync = onResync;
      return { send: async (payload) => void sent.push(payload), ready: async () => undefined, close: async () => undefined };
    });
    return { bus, sent, feed, resync: () => resync(), lines };
  }

  it('delivers locally once and ignores its own echo from the wire', () => {
    const { bus, sent, feed } = wired();
    const got = recorder(bus);
    bus.publish(order('t1'));
    expect(sent).toHaveLength(1);
    feed(sent[0]!);
    expect(got).toEqual([order('t1')]);
  });

  it("delivers another process's message and drops malformed ones with a warning", () => {
    const { bus, feed, lines } = wired();
    const got = recorder(bus);
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'tenant', slug: 'demo' } }));
    feed('not json');
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'live', tenantId: 't1', event: { topics: ['not-a-topic'] } } }));
    // A process must never make another drop all its caches by sending "resync" over the wire.
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'resync' } }));
    expect(got).toEqual([{ kind: 'tenant', slug: 'demo' }]);
    expect(lines.filter((l) => l.includes('malformed'))).toHaveLength(3);
  });

  it('refuses to send a message over the NOTIFY limit but still delivers it locally', () => {
    const { bus, sent, lines } = wired();
    const got = recorder(bus);
    bus.publish({ kind: 'tenant', slug: 'x'.repeat(MAX_PAYLOAD_BYTES) });
    expect(sent).toEqual([]);
    expect(got).toHaveLength(1);
    expect(lines).toEqual(['error bus: message too large, not sent to other processes']);
  });

  it('coalesces a burst of storefront invalidations: delivered locally each time, sent once per restaurant', async () => {
    const { bus, sent, feed } = wired();
    const got = recorder(bus);
    const menu = (tenantId: string | null) => ({ kind: 'storefront' as const, tenantId });
    for (let i = 0; i < 50; i++) bus.publish(menu('t1'));
    bus.publish(menu('t2'));
    bus.publish(menu(null));
    bus.publish(order('t1'));
    // Local handlers hear every one at once; other kinds are not held back.
    expect(got).toHaveLength(53);
    expect(sent.map((p) => JSON.parse(p).m)).toEqual([order('t1')]);
    await pause(COALESCE_MS + 20);
    expect(sent.slice(1).map((p) => JSON.parse(p).m)).toEqual([menu('t1'), menu('t2'), menu(null)]);
    // A write after the flush is sent again: the last write is always followed by a message.
    bus.publish(menu('t1'));
    await pause(COALESCE_MS + 20);
    expect(sent.slice(4).map((p) => JSON.parse(p).m)).toEqual([menu('t1')]);
    for (const payload of sent) feed(payload);
    expect(got).toHaveLength(54);
  });

  it('sends queued invalidations before closing, and nothing after', async () => {
    const { bus, sent } = wired();
    bus.publish({ kind: 'storefront', tenantId: 't1' });
    await bus.close();
    expect(sent.map((p) => JSON.parse(p).m)).toEqual([{ kind: 'storefront', tenantId: 't1' }]);
    bus.publish({ kind: 'storefront', tenantId: 't2' });
    await pause(COALESCE_MS + 20);
    expect(sent).toHaveLength(1);
  });

  it("applies another process's storefront invalidation and drops one without a restaurant", () => {
    const { bus, feed, lines } = wired();
    const got = recorder(bus);
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'storefront', tenantId: 't1' } }));
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'storefront', tenantId: null } }));
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'storefront', tenantId: '' } }));
    feed(JSON.stringify({ o: 'other-process', m: { kind: 'storefront' } }));
    expect(got).toEqual([
      { kind: 'storefront', tenantId: 't1' },
      { kind: 'storefront', tenantId: null },
    ]);
    expect(lines.filter((l) => l.includes('malformed'))).toHaveLength(2);
  });

  it('after a reconnect, open dashboards are told to refetch everything', () => {
    const { bus, resync } = wired();
    const live = createLiveEvents(bus);
    const seen: unknown[] = [];
    live.subscribe('t1', (e) => seen.push(e));
    resync();
    expect(seen).toEqual([{ topics: ['notifications', 'orders', 'reservations', 'requests', 'bulletin'] }]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('postgres bus [postgres]', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const databases: Database[] = [];
  const buses: Bus[] = [];

  function open(minDelayMs = 50) {
    const database = createDatabase({ databaseUrl: target.url });
    databases.push(database);
    const bus = createPostgresBus({ databaseUrl: target.url, db: database.db, log: quietLog, minDelayMs, maxDelayMs: 200 });
    buses.push(bus);
    return bus;
  }

  beforeAll(async () => {
    target = await createPostgresDatabase(TEST_DATABASE_URL!);
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
    await Promise.all(databases.splice(0).map((d) => d.close()));
  });
  afterAll(async () => {
    await target?.drop();
  });

  it('carries a message from one process to the other, exactly once to each', async () => {
    const a = open();
    const b = open();
    await Promise.all([a.ready(), b.ready()]);
    const gotA = recorder(a);
    const gotB = recorder(b);
    a.publish(order('t1'));
    a.publish({ kind: 'tenant', slug: 'demo' });
    await until(() => gotB.length === 2, 5000, 'B to receive');
    // Time for a (wrong) echo to A or a second copy to B to arrive.
    await pause(300);
    expect(gotA).toEqual([order('t1'), { kind: 'tenant', slug: 'demo' }]);
    // Two NOTIFYs may take two pool connections: their order across processes is not guaranteed.
    expect(gotB).toHaveLength(2);
    expect(gotB).toEqual(expect.arrayContaining([order('t1'), { kind: 'tenant', slug: 'demo' }]));
  });

  it('listens again after its connection is killed, and resyncs', async () => {
    const a = open();
    const b = open();
    await Promise.all([a.ready(), b.ready()]);
    const gotA = recorder(a);
    const gotB = recorder(b);
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query = 'LISTEN tavolo_bus' and pid <> pg_backend_pid()",
      );
      expect(killed.rows.map((r) => r.ok)).toEqual([true, true]);
      // Each reconnects on its own time: B may hear A's message before A listens again itself (a loaded CI machine).
      await until(() => gotA.some((m) => m.kind === 'resync') && gotB.some((m) => m.kind === 'resync'), 5000, 'A and B to reconnect');
      // Listening again: a new message gets through.
      a.publish({ kind: 'domains' });
      await until(() => gotB.some((m) => m.kind === 'domains'), 5000, 'B to receive after the reconnect');
      const listening = await admin.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN tavolo_bus'");
      expect(listening.rows[0].n).toBe(2);
    } finally {
      await admin.end();
    }
  });

  it('a publish that cannot reach the database is logged, not thrown, and stays local', async () => {
    const database = createDatabase({ databaseUrl: target.url });
    const { log, lines } = memoryLog();
    const bus = createPostgresBus({ databaseUrl: target.url, db: database.db, log });
    await bus.ready();
    await database.close();
    const got = recorder(bus);
    expect(() => bus.publish(order('t1'))).not.toThrow();
    expect(got).toEqual([order('t1')]);
    await until(() => lines.some((l) => l.includes('publish failed')), 5000, 'the failure to be logged');
    await bus.close();
  });
});

describe.skipIf(!TEST_REDIS_URL)('redis bus [redis]', () => {
  const buses: Bus[] = [];
  // Pub/sub channels span the Redis server: a channel of this run's own keeps parallel runs apart.
  const channel = `tavolo-test:${randomUUID()}:bus`;
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  const open = (name = channel) => {
    const bus = createRedisBus({ url: TEST_REDIS_URL!, channel: name, log: quietLog });
    buses.push(bus);
    return bus;
  };

  it('carries a message from one process to the other, exactly once to each, and only on its channel', async () => {
    const a = open();
    const b = open();
    const elsewhere = open(`${channel}:other`);
    await Promise.all([a.ready(), b.ready(), elsewhere.ready()]);
    const gotA = recorder(a);
    const gotB = recorder(b);
    const gotElsewhere = recorder(elsewhere);
    a.publish(order('t1'));
    await until(() => gotB.length === 1, 5000, 'B to receive');
    await pause(300);
    expect(gotA).toEqual([order('t1')]);
    expect(gotB).toEqual([order('t1')]);
    expect(gotElsewhere).toEqual([]);
  });

  it('a publish while Redis is unreachable is logged, not thrown, and stays local', async () => {
    const { log, lines } = memoryLog();
    const bus = createRedisBus({ url: 'redis://127.0.0.1:1', channel, log });
    buses.push(bus);
    const got = recorder(bus);
    expect(() => bus.publish(order('t1'))).not.toThrow();
    expect(got).toEqual([order('t1')]);
    await until(() => lines.some((l) => l.includes('publish failed')), 5000, 'the failure to be logged');
  });
});
