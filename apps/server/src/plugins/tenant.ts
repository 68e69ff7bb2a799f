import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { pickLanguage } from '@tavolo/contracts/i18n';
import type { Db } from '../db/client.ts';
import { tenants } from '../db/schema/index.ts';
import type { ResolvedTenant, Site } from './context.ts';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Host -> tenant, cached in memory: a hit costs no query. Entries expire after a minute so other
 * processes' changes show up; writes in this process call `invalidate()`.
 */
export class TenantResolver {
  private cache = new Map<string, { tenant: ResolvedTenant | null; expires: number }>();
  constructor(
    private readonly db: Db,
    private readonly mainDomain: string,
  ) {}

  async resolve(hostname: string): Promise<Site> {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (host === this.mainDomain) return { kind: 'platform' };
    const suffix = `.${this.mainDomain}`;
    if (!host.endsWith(suffix)) return { kind: 'unknown' };
    const slug = host.slice(0, -suffix.length);
    if (!/^[a-z0-9-]{1,63}$/.test(slug)) return { kind: 'unknown' };
    const tenant = await this.bySlug(slug);
    return tenant ? { kind: 'tenant', tenant } : { kind: 'unknown' };
  }

  private async bySlug(slug: string): Promise<ResolvedTenant | null> {
    const hit = this.cache.get(slug);
    if (hit && hit.expires > Date.now()) return hit.tenant;
    const [row] = await this.db
      .select({ id: tenants.id, slug: tenants.slug, name: tenants.name, status: tenants.status })
      .from(tenants)
      .where(eq(tenants.slug, slug))
      .limit(1);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(slug, { tenant: row ?? null, expires: Date.now() + TTL_MS });
    return row ?? null;
  }

  invalidate(slug?: string): void {
    if (slug) this.cache.delete(slug);
    else this.cache.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantResolver;
  }
}

/** Resolves the site from the Host header only, and the language from X-Language / Accept-Language. */
export const tenantPlugin = fp<{ db: Db; mainDomain: string }>(async (app, opts) => {
  app.decorate('tenants', new TenantResolver(opts.db, opts.mainDomain));
  app.decorateRequest('site', null as never);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage((request.headers['x-language'] as string | undefined) ?? request.headers['accept-language']);
    request.site = await app.tenants.resolve(request.hostname);
  });
});
