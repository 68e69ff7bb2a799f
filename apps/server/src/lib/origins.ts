import type { FastifyRequest } from 'fastify';
import type { Origins } from '../modules/auth/auth.service.ts';

/** Links to other hosts of this platform keep the scheme and port the user came in on. */
export function originsOf(request: FastifyRequest, mainDomain: string): Origins {
  const port = /:(\d+)$/.exec(request.host)?.[0] ?? '';
  const base = `${request.protocol}://`;
  return { platform: `${base}${mainDomain}${port}`, tenant: (slug) => `${base}${slug}.${mainDomain}${port}` };
}
