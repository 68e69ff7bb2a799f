/**
 * Reading a Server-Sent Events stream in tests. `app.inject` waits for the whole response, which a stream never
 * finishes, so these calls go to the app on a real port (opened once per app). node:http rather than fetch:
 * fetch will not send our own Host header, and the Host header picks the restaurant.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../app.ts';

export interface SseEvent {
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** Everything received so far (a refused call's JSON body too). */
  text(): string;
  events: SseEvent[];
  comments: string[];
  /** Resolves with the first event (already received or still to come) that matches; rejects after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

const listening = new WeakMap<App, Promise<number>>();

/** The app's port on 127.0.0.1, listening from the first call on; `app.close()` stops it. */
export function portOf(app: App): Promise<number> {
  let port = listening.get(app);
  if (!port) {
    port = app.listen({ port: 0, host: '127.0.0.1' }).then(() => (app.server.address() as AddressInfo).port);
    listening.set(app, port);
  }
  return port;
}

/** Opens `path` on `host` with a bearer token and resolves once the status and headers are in. */
export async function openSse(app: App, host: string, path: string, token?: string): Promise<SseConnection> {
  return openSseAt(await portOf(app), host, path, token);
}

/** The same against any server on 127.0.0.1:`port` (a real server process, see real-server.ts). */
export function openSseAt(port: number, host: string, path: string, token?: string): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host, accept: 'text/event-stream' };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      let raw = '';
      let buffer = '';
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) events.push({ event, data: data.join('\n') });
        }
        for (const wake of waiters) wake();
      });
      // close() aborts the response; that is the point, not a failure.
      response.on('error', () => undefined);
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => raw,
        events,
        comments,
        ended,
        next(match, timeoutMs = 5000) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = events.find(match);
              if (!hit) return false;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** Waits `ms` (to show that something did not arrive). */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
