import { closeRedis, createRedis } from './redis.ts';
import { createRemoteBus, type Bus, type BusLog } from './bus.ts';

export interface RedisBusOptions {
  url: string;
  log: BusLog;
  /** Pub/sub channels span the whole Redis server (not one database): deployments sharing one need their own. */
  channel: string;
}

/**
 * Fan-out through Redis pub/sub. A subscribed connection can do nothing else, so there are two: one publishes,
 * one subscribes. ioredis reconnects and subscribes again by itself; each reconnect after the first resyncs.
 */
export function createRedisBus({ url, log, channel }: RedisBusOptions): Bus {
  return createRemoteBus('redis', log, (receive, resync) => {
    const publisher = createRedis(url, 'bus-publish', { log });
    // The SUBSCRIBE must wait for the first connection, hence the offline queue on this one.
    const subscriber = createRedis(url, 'bus-subscribe', { log, enableOfflineQueue: true });
    subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) receive(payload);
    });
    let subscribedOnce = false;
    const ready = subscriber.subscribe(channel).then(() => {
      subscribedOnce = true;
    });
    // Keeps an unhandled rejection away when Redis is down at start; `ready()` callers still see it.
    ready.catch((err) => log.warn({ err }, 'bus: Redis SUBSCRIBE failed; retrying in the background'));
    subscriber.on('ready', () => {
      if (subscribedOnce) resync();
    });
    return {
      send: (payload) => publisher.publish(channel, payload),
      ready: () => ready,
      async close() {
        await Promise.all([closeRedis(subscriber), closeRedis(publisher)]);
      },
    };
  });
}
