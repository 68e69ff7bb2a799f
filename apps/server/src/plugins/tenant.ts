import fp from 'fastify-plugin';
import { and, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pickLanguage } from '@tavolo/contracts/i18n';
import type { Db } from '../db/client.ts';
import type { Bus } from '../lib/bus.ts';
import { plans, tenantDomains, tenantSettings, tenants } from '../db/schema/index.ts';
import { WELL_FORMED_HOST } from '../lib/origins.ts';
import { effectivePlanId } from '../modules/plans/plans.service.ts';
import type { ResolvedTenant, Site } from './context.ts';

const TTL_MS = 60_000;
const premiumPlan = alias(plans, 'premium_plan');
const MAX_ENTRIES = 10_000;
const PLATFORM: Site = Object.freeze({ kind: 'platform' });
const UNKNOWN: Site = Object.freeze({ kind: 'unknown' });
/** What a request knows of its restaurant, read in the lookup's one query. */
const TENANT_COLUMNS = { id: tenants.id, slug: tenants.slug, name: tenants.name, status: tenants.status, timeZone: tenantSettings.timeZone };
const resolved = (row: { id: string; slug: string; name: string; status: ResolvedTenant['status']; timeZone: string | null }): ResolvedTenant => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  status: row.status,
  // Every restaurant has a settings row from sign-up on; the column's own default otherwise.
  timeZone: row.timeZone ?? 'UTC',
});
const siteOf = (tenant: ResolvedTenant | null): Site => (tenant ? Object.freeze({ kind: 'tenant', tenant: Object.freeze(tenant) }) : UNKNOWN);

/**
 * Host -> tenant, cached in memory: a hit costs no query. A write calls `invalidate()`, which goes over the bus
 * to every server process at once; entries still expire after a minute in case a message was lost.
 */
export class TenantResolver {
  /** Slug -> the request's site, shared by every request for it (never mutated). */
  private cache = new Map<string, { site: Site; expires: number }>();
  /** Custom host -> tenant, kept apart from slugs so a change clears them all without touching the slug cache. */
  private domains = new Map<string, { site: Site; expires: number }>();
  /** `.{mainDomain}`: a restaurant's host ends with it. */
  private readonly suffix: string;
  constructor(
    private readonly db: Db,
    private readonly mainDomain: string,
    private readonly now: () => Date = () => new Date(),
    private readonly bus?: Bus,
  ) {
    this.suffix = `.${mainDomain}`;
    bus?.subscribe((message) => {
      if (message.kind === 'tenant') this.drop(message.slug);
      else if (message.kind === 'domains') this.domains.clear();
      else if (message.kind === 'resync') this.drop(null);
    });
  }

  /** Synchronous on a cache hit (no promise, no tick): this runs before every request. */
  resolve(hostname: string): Site | Promise<Site> {
    let host = hostname.toLowerCase();
    if (host.endsWith('.')) host = host.slice(0, -1);
    if (host === this.mainDomain) return PLATFORM;
    const suffix = this.suffix;
    if (!host.endsWith(suffix)) {
      if (host.length > 253 || !/^[a-z0-9.-]+$/.test(host)) return UNKNOWN;
      const hit = this.domains.get(host);
      return hit && hit.expires > Date.now() ? hit.site : this.byCustomDomain(host);
    }
    const slug = host.slice(0, -suffix.length);
    if (!/^[a-z0-9-]{1,63}$/.test(slug)) return UNKNOWN;
    const hit = this.cache.get(slug);
    if (hit && hit.expires > Date.now()) return hit.site;
    return this.bySlug(slug);
  }

  private async bySlug(slug: string): Promise<Site> {
    const [row] = await this.db
      .select({ ...TENANT_COLUMNS })
      .from(tenants)
      .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
      .where(eq(tenants.slug, slug))
      .limit(1);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    const site = siteOf(row ? resolved(row) : null);
    this.cache.set(slug, { site, expires: Date.now() + TTL_MS });
    return site;
  }

  /**
   * A restaurant's own domain answers only once verified, and only while its plan (or a running trial) includes
   * custom domains: a downgrade or an expired trial stops it.
   */
  private async byCustomDomain(host: string): Promise<Site> {
    // One query on a miss: the restaurant's own plan and Premium (what a running trial is on) come in the same row.
    const [row] = await this.db
      .select({
        ...TENANT_COLUMNS,
        planId: tenants.planId,
        trialEndsAt: tenants.trialEndsAt,
        ownPlanAllows: plans.customDomain,
        premiumAllows: premiumPlan.customDomain,
      })
      .from(tenantDomains)
      .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
      .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
      .leftJoin(plans, eq(plans.id, tenants.planId))
      .leftJoin(premiumPlan, eq(premiumPlan.id, 'premium'))
      .where(and(eq(tenantDomains.host, host), isNotNull(tenantDomains.verifiedAt)))
      .limit(1);
    let tenant: ResolvedTenant | null = null;
    const allowed = row && (effectivePlanId(row, this.now()) === row.planId ? row.ownPlanAllows : row.premiumAllows);
    if (row && allowed) tenant = resolved(row);
    // Unknown hosts are cached too (bounded), so a flood of made-up Host headers costs one query each per minute at most.
    if (this.domains.size >= MAX_ENTRIES) this.domains.clear();
    const site = siteOf(tenant);
    this.domains.set(host, { site, expires: Date.now() + TTL_MS });
    return site;
  }

  /**
   * Drops a restaurant's cached answer (or all), in every process. Its custom domains go too: a status or plan
   * change affects them.
   */
  invalidate(slug?: string): void {
    if (this.bus) this.bus.publish({ kind: 'tenant', slug: slug ?? null });
    else this.drop(slug ?? null);
  }

  /** After a domain was added, verified or removed, or a plan changed (in every process). */
  invalidateDomains(): void {
    if (this.bus) this.bus.publish({ kind: 'domains' });
    else this.domains.clear();
  }

  private drop(slug: string | null): void {
    if (slug) this.cache.delete(slug);
    else this.cache.clear();
    this.domains.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantResolver;
  }
}

/** Resolves the site from the Host header only, and the language from X-Language / Accept-Language. */
export const tenantPlugin = fp<{ db: Db; mainDomain: string; now?: () => Date; bus?: Bus }>(async (app, opts) => {
  app.decorate('tenants', new TenantResolver(opts.db, opts.mainDomain, opts.now, opts.bus));
  app.decorateRequest('site', null as never);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = pickLanguage((request.headers['x-language'] as string | undefined) ?? request.headers['accept-language']);
    // A malformed Host is nobody's site: nothing downstream may copy it into a link.
    const site = WELL_FORMED_HOST.test(request.host) ? app.tenants.resolve(request.hostname) : UNKNOWN;
    if (!(site instanceof Promise)) {
      request.site = site;
      return done();
    }
    site.then((resolved) => {
      request.site = resolved;
      done();
    }, done);
  });
});
