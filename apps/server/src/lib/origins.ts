import type { FastifyRequest } from 'fastify';
import type { Origins } from '../modules/auth/auth.service.ts';

/**
 * A Host header as browsers send it: a name or an IP literal, then at most a numeric port. Anything else
 * ("demo.example.com:80@evil.example", a path, a named port) is no site of ours (plugins/tenant.ts).
 */
export const WELL_FORMED_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const portOf = (request: FastifyRequest) => (request.port ? `:${request.port}` : '');

/**
 * The scheme, host and port the visitor used (behind a proxy only when TRUST_PROXY says so), for links back to
 * this site in mails and pages: built from the parsed name and port, never copied from the raw header.
 */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.hostname.toLowerCase()}${portOf(request)}`;

/** Links to other hosts of this platform keep the scheme and port the user came in on. */
export function originsOf(request: FastifyRequest, mainDomain: string): Origins {
  const port = portOf(request);
  const base = `${request.protocol}://`;
  return { platform: `${base}${mainDomain}${port}`, tenant: (slug) => `${base}${slug}.${mainDomain}${port}` };
}
