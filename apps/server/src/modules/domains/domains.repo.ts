import { domainToUnicode } from 'node:url';
import { and, asc, count, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenantDomains, tenants } from '../../db/schema/index.ts';

export type DomainRow = typeof tenantDomains.$inferSelect;

/** The only Drizzle code of the domains module; every tenant statement is filtered by the tenant's key. */
export function createDomainsRepo(db: Db) {
  return {
    async list(tenantId: string): Promise<DomainRow[]> {
      return db.select().from(tenantDomains).where(eq(tenantDomains.tenantId, tenantId)).orderBy(asc(tenantDomains.createdAt), asc(tenantDomains.host));
    },

    async byId(tenantId: string, id: string): Promise<DomainRow | undefined> {
      const [row] = await db
        .select()
        .from(tenantDomains)
        .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.id, id)))
        .limit(1);
      return row;
    },

    /** Serializes writes of one restaurant's domains (the per-restaurant cap). */
    async lockTenant(tenantId: string): Promise<void> {
      await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    },

    async count(tenantId: string, tx: Db = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(tenantDomains).where(eq(tenantDomains.tenantId, tenantId));
      return row?.n ?? 0;
    },

    /** Whether the host is proved by a restaurant, or already claimed by this one (another's mere claim blocks nobody). */
    async hostTaken(host: string, tenantId: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: tenantDomains.id })
        .from(tenantDomains)
        .where(and(eq(tenantDomains.host, host), or(isNotNull(tenantDomains.verifiedAt), eq(tenantDomains.tenantId, tenantId))))
        .limit(1);
      return Boolean(row);
    },

    /** Whether another restaurant has proved the host. */
    async verifiedElsewhere(host: string, tenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tenantDomains.id })
        .from(tenantDomains)
        .where(and(eq(tenantDomains.host, host), isNotNull(tenantDomains.verifiedAt), ne(tenantDomains.tenantId, tenantId)))
        .limit(1);
      return Boolean(row);
    },

    async insert(tenantId: string, host: string, verificationToken: string, tx: Db = db): Promise<DomainRow> {
      const [row] = await tx.insert(tenantDomains).values({ tenantId, host, verificationToken }).returning();
      return row!;
    },

    async recordCheck(tenantId: string, id: string, result: { verifiedAt: Date | null; checkedAt: Date; error: string | null }) {
      const [row] = await db
        .update(tenantDomains)
        .set({ verifiedAt: result.verifiedAt, lastCheckedAt: result.checkedAt, lastError: result.error })
        .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.id, id)))
        .returning();
      return row;
    },

    async remove(tenantId: string, id: string): Promise<DomainRow | undefined> {
      const [row] = await db
        .delete(tenantDomains)
        .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.id, id)))
        .returning();
      return row;
    },
  };
}

export type DomainsRepo = ReturnType<typeof createDomainsRepo>;

/** A restaurant's domains for the operators' restaurant view: host and when it was verified (null: not yet). */
/** A stored (punycode) host as people read it: xn--caf-mller-d4a5s.de is café-müller.de. */
export const displayHost = (host: string) => domainToUnicode(host) || host;

export async function listTenantDomains(db: Db, tenantId: string): Promise<{ host: string; display_host: string; verified_at: string | null }[]> {
  const rows = await createDomainsRepo(db).list(tenantId);
  return rows.map((row) => ({ host: row.host, display_host: displayHost(row.host), verified_at: row.verifiedAt?.toISOString() ?? null }));
}
