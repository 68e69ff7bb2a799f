import { EventEmitter } from 'node:events';
import { LIVE_TOPICS, type TLiveEvent } from '@tavolo/contracts/live';
import type { Bus } from './bus.ts';

/**
 * Tells a restaurant's open dashboards that something changed (a new order, a status, a request). Services
 * publish after their transaction commits; the SSE route subscribes per tenant. Events travel over the bus
 * (lib/bus.ts), so a dashboard connected to any server process hears about a write made on any other.
 */
export interface LiveEvents {
  /** Fire and forget: never throws, never waits (a lost event only delays a dashboard's refresh). */
  publish(tenantId: string, event: TLiveEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(tenantId: string, listener: (event: TLiveEvent) => void): () => void;
  /** Open subscriptions in this process (for tests and health). */
  listeners(tenantId: string): number;
}

export function createLiveEvents(bus: Bus): LiveEvents {
  const emitter = new EventEmitter();
  // One listener per open dashboard tab; there is no meaningful cap.
  emitter.setMaxListeners(0);
  bus.subscribe((message) => {
    if (message.kind === 'live') emitter.emit(message.tenantId, message.event);
    // Events may have been missed while the bus was away: every open dashboard refetches everything.
    else if (message.kind === 'resync') for (const tenantId of emitter.eventNames()) emitter.emit(tenantId, { topics: [...LIVE_TOPICS] });
  });
  return {
    publish(tenantId, event) {
      bus.publish({ kind: 'live', tenantId, event });
    },
    subscribe(tenantId, listener) {
      emitter.on(tenantId, listener);
      return () => emitter.off(tenantId, listener);
    },
    listeners: (tenantId) => emitter.listenerCount(tenantId),
  };
}
