import type { TPermission, TPlatformPermission } from '@tavolo/contracts/permissions';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { TTenantStatus } from '@tavolo/contracts/tenant';

export interface ResolvedTenant {
  id: string;
  slug: string;
  name: string;
  status: TTenantStatus;
  /** IANA zone the restaurant keeps its clock in: the dashboard shows every time on it, wherever staff are. */
  timeZone: string;
}

/** What the Host header names: the platform (main domain), one restaurant, or nothing. */
export type Site = { kind: 'platform' } | { kind: 'tenant'; tenant: ResolvedTenant } | { kind: 'unknown' };

export interface AuthContext {
  realm: 'platform' | 'tenant';
  tenantId: string | null;
  sessionId: string;
  userId: string;
  permissions: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: TLanguage;
    site: Site;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Which hosts the route answers on; elsewhere 404. Default 'known' (main domain or a restaurant); 'any' includes unknown hosts. */
    site?: 'platform' | 'tenant' | 'known' | 'any';
    /** Route needs a valid bearer token of the site's realm. */
    auth?: boolean;
    /** Route needs this permission: a restaurant's on tenant routes, an operator's on platform routes. Implies auth. */
    permission?: TPermission | TPlatformPermission;
    /** The route answers with a never-ending stream (Server-Sent Events): `app.inject` would wait on it forever. */
    stream?: boolean;
  }
}

/** The tenant of a request on a tenant route; the guard has already ensured there is one. */
export function tenantOf(site: Site): ResolvedTenant {
  if (site.kind !== 'tenant') throw new Error('tenantOf() called on a non-tenant route');
  return site.tenant;
}

export function authOf(auth: AuthContext | null): AuthContext {
  if (!auth) throw new Error('authOf() called on a route without auth');
  return auth;
}
