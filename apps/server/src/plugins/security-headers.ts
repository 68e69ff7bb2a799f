import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. Helmet builds its whole middleware chain (and parses the
 * CSP directives) on every call, and @fastify/helmet calls it per request: a fifth of the server's time under load.
 * With static options (no function-valued directives, no nonces) every response gets the same headers, so they are
 * worked out once here by running helmet against a recording response.
 */
export function staticSecurityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value: options must be static`);
      headers.set(name.toLowerCase(), [name, value]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // A directive given as a function would be called with this empty request: fail at start-up instead.
  const request = new Proxy({} as IncomingMessage, {
    get(_target, property) {
      throw new Error(`helmet options read the request (${String(property)}): they must be static to be precomputed`);
    },
  });
  let failure: unknown;
  helmet(options)(request, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return [...headers.values()];
}

/**
 * Helmet's headers on every response, added in onRequest to the reply's own headers (which Fastify passes to
 * `writeHead` in one object), so error replies carry them too; a route may still override one (the API docs send
 * their own CSP). Not `res.setHeader` per header: each of those validates, lower-cases and stores the header again
 * on every request, the most expensive part of a health check. A route that hijacks the reply (Server-Sent Events)
 * writes `reply.getHeaders()` itself.
 */
export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(async (app, opts) => {
  const headers = Object.fromEntries(staticSecurityHeaders(opts.helmet).map(([name, value]) => [name.toLowerCase(), value]));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
