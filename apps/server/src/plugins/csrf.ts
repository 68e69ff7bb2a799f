import { randomFillSync, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { AppError } from '@tavolo/contracts/errors';
import { isApiPath } from '../lib/api-path.ts';
import { requestOrigin } from '../lib/origins.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Fresh cookie values from a pool of CSPRNG bytes, each byte handed out once: one randomFillSync per 170 tokens
 * instead of one randomBytes call (and buffer) per request, as every request without the cookie gets one.
 */
const TOKEN_BYTES = 24;
const pool = Buffer.alloc(TOKEN_BYTES * 170);
let poolOffset = pool.length;
function newToken(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += TOKEN_BYTES;
  return pool.toString('base64url', poolOffset - TOKEN_BYTES, poolOffset);
}

/**
 * Double-submit CSRF pair plus an Origin check. Restaurant sub-domains are same-site with each other,
 * so SameSite cookies alone would not stop one restaurant's page from posting to another's.
 * The cookie is readable by the page (not HttpOnly: the SPA copies it into the header) and written as a plain
 * header, which @fastify/cookie merges with any cookie a route sets.
 */
export const csrfPlugin = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) reply.header('set-cookie', `${CSRF_COOKIE}=${newToken()}; Path=/${request.protocol === 'https' ? '; Secure' : ''}; SameSite=Lax`);
    if (!UNSAFE.has(request.method) || !isApiPath(request.url)) return done();
    const origin = request.headers.origin;
    if (origin && origin !== requestOrigin(request)) return done(new AppError('CSRF'));
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) return done(new AppError('CSRF'));
    done();
  });
});
