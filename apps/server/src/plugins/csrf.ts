import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { AppError } from '@tavolo/contracts/errors';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit CSRF pair plus an Origin check. Restaurant sub-domains are same-site with each other,
 * so SameSite cookies alone would not stop one restaurant's page from posting to another's.
 */
export const csrfPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: false,
      });
    }
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && origin !== `${request.protocol}://${request.host}`) throw new AppError('CSRF');
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw new AppError('CSRF');
  });
});
