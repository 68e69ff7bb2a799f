import { EventEmitter } from 'node:events';
import type { TLiveEvent } from '@tavolo/contracts/live';

/**
 * Tells a restaurant's open dashboards that something changed (a new order, a status, a request). Services
 * publish after their transaction commits; the SSE route subscribes per tenant. In-process for now: with
 * several server processes this becomes PostgreSQL LISTEN/NOTIFY or Redis pub/sub behind the same interface.
 */
export interface LiveEvents {
  publish(tenantId: string, event: TLiveEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(tenantId: string, listener: (event: TLiveEvent) => void): () => void;
  /** Open subscriptions (for tests and health). */
  listeners(tenantId: string): number;
}

export function createLiveEvents(): LiveEvents {
  const emitter = new EventEmitter();
  // One listener per open dashboard tab; there is no meaningful cap.
  emitter.setMaxListeners(0);
  return {
    publish(tenantId, event) {
      emitter.emit(tenantId, event);
    },
    subscribe(tenantId, listener) {
      emitter.on(tenantId, listener);
      return () => emitter.off(tenantId, listener);
    },
    listeners: (tenantId) => emitter.listenerCount(tenantId),
  };
}
