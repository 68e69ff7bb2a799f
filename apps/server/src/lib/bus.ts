import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { LIVE_TOPICS, type TLiveEvent } from '@tavolo/contracts/live';

/**
 * What server processes tell each other: live dashboard events and cache invalidations. Messages stay tiny
 * (PostgreSQL NOTIFY payloads stop at 8000 bytes) and carry ids only, never personal data.
 */
export type BusMessage =
  | { kind: 'live'; tenantId: string; event: TLiveEvent }
  /** Host -> tenant cache: a restaurant's entry (all of them when slug is null) and every custom domain. */
  | { kind: 'tenant'; slug: string | null }
  /** Host -> tenant cache: custom domains only (a domain or a plan changed). */
  | { kind: 'domains' }
  /** Storefront micro-cache: a restaurant's menu changed (every restaurant's when tenantId is null). */
  | { kind: 'storefront'; tenantId: string | null }
  /**
   * Local only, never sent: this process was cut off from the bus for a while and may have missed messages.
   * Caches drop everything and open dashboards refetch.
   */
  | { kind: 'resync' };

export type BusHandler = (message: BusMessage) => void;
export type BusLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface Bus {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /**
   * Hands the message to this process's handlers at once (exactly once, the bus does not echo it back) and to
   * every other process's. Fire and forget: a transport failure is logged, never thrown. Kinds in
   * `COALESCED_KINDS` reach other processes up to `COALESCE_MS` later, a burst of equal ones as one message.
   */
  publish(message: Exclude<BusMessage, { kind: 'resync' }>): void;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  /** Resolves once messages from other processes arrive (the subscription is live). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY limit is 8000 bytes; a message larger than that is a bug, not something to split. */
export const MAX_PAYLOAD_BYTES = 7999;

const ZWire = z.object({
  /** The sending process's bus: it ignores its own messages, which it already delivered locally. */
  o: z.string().min(1),
  m: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('live'), tenantId: z.string().min(1), event: z.object({ topics: z.array(z.enum(LIVE_TOPICS)) }) }),
    z.object({ kind: z.literal('tenant'), slug: z.string().nullable() }),
    z.object({ kind: z.literal('domains') }),
    z.object({ kind: z.literal('storefront'), tenantId: z.string().min(1).nullable() }),
  ]),
});

/**
 * Kinds that only say "drop what you cached": one sent twice in a row changes nothing. During a checkout storm
 * every order invalidates its restaurant's menu; the wire gets one message per restaurant per `COALESCE_MS`
 * instead of one NOTIFY per request. Each message leaves after the write that queued it has committed, so the
 * last write is always followed by an invalidation everywhere, at most `COALESCE_MS` later.
 */
export const COALESCED_KINDS: ReadonlySet<BusMessage['kind']> = new Set(['storefront']);
export const COALESCE_MS = 5;

/** The handlers of one process; a handler that throws does not keep the message from the others. */
function createHandlers(log: BusLog) {
  const handlers = new Set<BusHandler>();
  return {
    deliver(message: BusMessage) {
      for (const handler of handlers) {
        try {
          handler(message);
        } catch (err) {
          log.error({ err, kind: message.kind }, 'bus handler failed');
        }
      }
    },
    subscribe(handler: BusHandler) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
  };
}

/** One process (PGlite, tests): delivery is a function call. */
export function createMemoryBus(log: BusLog): Bus {
  const handlers = createHandlers(log);
  return {
    kind: 'memory',
    publish: (message) => handlers.deliver(message),
    subscribe: handlers.subscribe,
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

export interface Transport {
  /** Sends one encoded message to every process (this one included; its copy is dropped on receipt). */
  send(payload: string): Promise<unknown>;
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The part PostgreSQL and Redis share: local delivery first, then the wire; incoming messages are checked and
 * the process's own echoes dropped. `connect` builds the transport and gets `receive` (a payload from the wire)
 * and `resync` (call after a reconnect: messages may have been missed meanwhile).
 */
export function createRemoteBus(
  kind: 'postgres' | 'redis',
  log: BusLog,
  connect: (receive: (payload: string) => void, resync: () => void) => Transport,
): Bus {
  const origin = randomUUID();
  const handlers = createHandlers(log);
  const receive = (payload: string) => {
    let parsed: z.infer<typeof ZWire>;
    try {
      parsed = ZWire.parse(JSON.parse(payload));
    } catch (err) {
      log.warn({ err, bytes: payload.length }, 'bus: ignored a malformed message');
      return;
    }
    if (parsed.o !== origin) handlers.deliver(parsed.m);
  };
  const transport = connect(receive, () => handlers.deliver({ kind: 'resync' }));
  let closed = false;
  /** Coalesced messages waiting for the next flush: payload -> kind (equal messages are one entry). */
  const queued = new Map<string, BusMessage['kind']>();
  let flushTimer: NodeJS.Timeout | undefined;

  /** Resolves once the transport took the payload or failed (logged); never rejects. */
  const send = (kind: BusMessage['kind'], payload: string): Promise<void> => {
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      log.error({ kind, bytes: Buffer.byteLength(payload) }, 'bus: message too large, not sent to other processes');
      return Promise.resolve();
    }
    return transport.send(payload).then(
      () => undefined,
      (err) => log.warn({ err, kind }, 'bus: publish failed; other processes miss this message'),
    );
  };
  const flush = (): Promise<unknown> => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = [...queued];
    queued.clear();
    return Promise.all(batch.map(([payload, kind]) => send(kind, payload)));
  };

  return {
    kind,
    publish(message) {
      handlers.deliver(message);
      if (closed) return;
      const payload = JSON.stringify({ o: origin, m: message });
      if (!COALESCED_KINDS.has(message.kind)) {
        void send(message.kind, payload);
        return;
      }
      queued.set(payload, message.kind);
      flushTimer ??= setTimeout(() => void flush(), COALESCE_MS);
    },
    subscribe: handlers.subscribe,
    ready: () => transport.ready(),
    async close() {
      closed = true;
      // Invalidations still waiting belong to writes that have committed: they go out before the connection does.
      await flush();
      await transport.close();
    },
  };
}

/** Delay before reconnect attempt `attempt` (0-based): doubling from `minMs` up to `maxMs`, with jitter so processes spread out. */
export function backoffDelay(attempt: number, minMs: number, maxMs: number): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + (Math.random() * base) / 2);
}
