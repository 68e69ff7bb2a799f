import { eq } from 'drizzle-orm';
import { DEFAULT_ROLES, DEFAULT_ROLE_NAMES } from '@tavolo/contracts/permissions';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { TTenantStatus } from '@tavolo/contracts/tenant';
import type { TPlanId } from '@tavolo/contracts/plans';
import type { Db } from '../../db/client.ts';
import { roles, tenantSettings, tenantStatusEvents, tenants, users } from '../../db/schema/index.ts';

export interface NewTenant {
  slug: string;
  planId?: TPlanId;
  name: string;
  status: TTenantStatus;
  email: string;
  phone: string;
  address: string;
  street?: string;
  postalCode: string;
  city: string;
  state?: string;
  country: string;
  county?: string;
  /** Of the mails to the restaurant; the database's default is English. */
  staffLanguage?: TLanguage;
}

/** Where the restaurant's clock and prices start; absent fields keep the database defaults (UTC, USD). */
export interface NewTenantLocale {
  timeZone?: string;
  currencyCode?: string;
  currencySymbol?: string;
}

export function createRegistrationRepo(db: Db) {
  return {
    async slugExists(slug: string): Promise<boolean> {
      const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
      return Boolean(row);
    },

    /** Tenant, settings, the default roles and the owner as admin; call inside a transaction. */
    async createTenant(tx: Db, tenant: NewTenant, owner: { name: string; email: string; passwordHash: string }, locale: NewTenantLocale = {}) {
      const [created] = await tx.insert(tenants).values({ ...tenant, statusChangedAt: new Date() }).returning({ id: tenants.id });
      const tenantId = created!.id;
      // The first entry of the status history: the platform itself (no operator) created it in this status.
      await tx.insert(tenantStatusEvents).values({ tenantId, fromStatus: null, toStatus: tenant.status });
      await tx.insert(tenantSettings).values({ tenantId, ...locale });
      const roleRows = await tx
        .insert(roles)
        .values(DEFAULT_ROLE_NAMES.map((name) => ({ tenantId, name, permissions: [...DEFAULT_ROLES[name]], isSystem: true })))
        .returning({ id: roles.id, name: roles.name });
      const adminRole = roleRows.find((r) => r.name === 'admin')!;
      const [user] = await tx
        .insert(users)
        .values({ tenantId, roleId: adminRole.id, ...owner })
        .returning({ id: users.id });
      return { tenantId, ownerId: user!.id, roles: roleRows };
    },
  };
}
