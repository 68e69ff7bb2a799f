import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { LIVE_EVENT_NAME, type TLiveEvent } from '@tavolo/contracts/live';
import type { LiveEvents } from '../../lib/live-events.ts';
import { topicsFor } from './notifications.service.ts';

export interface LiveStreamOptions {
  live: LiveEvents;
  tenantId: string;
  permissions: readonly string[];
  heartbeatMs: number;
  sessionCheckMs: number;
  /** The session's current permissions, or null once it is revoked or expired (ends the stream). */
  recheck: () => Promise<readonly string[] | null>;
}

/**
 * One dashboard tab's Server-Sent Events stream. The reply is hijacked and written raw: Fastify's onSend hooks
 * (a compressor would buffer the stream) stay out of the way; the headers set in onRequest (helmet's) are written
 * with the stream's own. Returns the function that ends the stream (for server shutdown).
 */
export function openLiveStream(reply: FastifyReply, options: LiveStreamOptions): () => void {
  let permissions = options.permissions;
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise hold events back in their buffer.
    'x-accel-buffering': 'no',
  });
  // A comment first, so the client sees the stream open (and any proxy sends the headers on at once).
  res.write(': connected\n\n');

  const send = (event: TLiveEvent) => {
    const topics = topicsFor(permissions, event.topics);
    if (topics.length > 0) res.write(`event: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify({ topics } satisfies TLiveEvent)}\n\n`);
  };
  const unsubscribe = options.live.subscribe(options.tenantId, send);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), options.heartbeatMs);
  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking) return;
    checking = true;
    options
      .recheck()
      .then((current) => {
        if (current === null) end();
        else permissions = current;
      })
      // A database hiccup is not a revoked session: keep the stream and try again next time.
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, options.sessionCheckMs);

  let ended = false;
  function cleanup() {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
  }
  function end() {
    cleanup();
    if (!res.writableEnded) res.end();
  }
  res.on('close', cleanup);
  res.on('error', cleanup);
  return end;
}
