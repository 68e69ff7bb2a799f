import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import type { TDashboardSummary } from '@tavolo/contracts/dashboard';
import type { Db } from '../../db/client.ts';
import { categories, diningTables, products, tenantAppearance, tenantSettings, tenants, users } from '../../db/schema/index.ts';
import { authOf, tenantOf } from '../../plugins/context.ts';
import { INVITED_PASSWORD_HASH } from '../team/team.repo.ts';
import { createDashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (app, { db, now }) => {
  const dashboard = createDashboardService({ db, now });

  app.get(
    '/api/tenant/dashboard/insights',
    {
      schema: { tags: ['dashboard'], summary: "Today's figures, 30-day chart, best sellers, low stock and latest posts (sections by permission)" },
      config: { site: 'tenant', permission: 'dashboard.view' },
    },
    async (request) => ({ success: true, data: await dashboard.insights(tenantOf(request.site).id, authOf(request.auth).permissions) }),
  );

  app.get(
    '/api/tenant/dashboard/summary',
    { schema: { tags: ['dashboard'], summary: 'Overview for the dashboard home' }, config: { site: 'tenant', permission: 'dashboard.view' } },
    async (request) => {
      const tenantId = tenantOf(request.site).id;
      // One round-trip; every sub-select is filtered by the tenant's key.
      const [row] = await db
        .select({
          name: tenants.name,
          slug: tenants.slug,
          status: tenants.status,
          createdAt: tenants.createdAt,
          suspendedReason: tenants.suspendedReason,
          trialEndsAt: tenants.trialEndsAt,
          categories: sql<number>`(select count(*) from ${categories} where ${categories.tenantId} = ${tenantId})::int`,
          activeCategories: sql<number>`(select count(*) from ${categories} where ${categories.tenantId} = ${tenantId} and ${categories.isActive})::int`,
          products: sql<number>`(select count(*) from ${products} where ${products.tenantId} = ${tenantId})::int`,
          activeProducts: sql<number>`(select count(*) from ${products} where ${products.tenantId} = ${tenantId} and ${products.isActive})::int`,
          team: sql<number>`(select count(*) from ${users} where ${users.tenantId} = ${tenantId})::int`,
          teamActive: sql<number>`(select count(*) from ${users} where ${users.tenantId} = ${tenantId} and ${users.isActive} and ${users.passwordHash} <> ${INVITED_PASSWORD_HASH})::int`,
          tables: sql<number>`(select count(*) from ${diningTables} where ${diningTables.tenantId} = ${tenantId} and ${diningTables.active})::int`,
          hasLogo: sql<boolean>`exists (select 1 from ${tenantSettings} where ${tenantSettings.tenantId} = ${tenantId} and coalesce(${tenantSettings.logo}, '') <> '')`,
          hasLooks: sql<boolean>`exists (select 1 from ${tenantAppearance} where ${tenantAppearance.tenantId} = ${tenantId})`,
        })
        .from(tenants)
        .where(and(eq(tenants.id, tenantId)));
      const r = row!;
      const data: TDashboardSummary = {
        restaurant: {
          name: r.name,
          slug: r.slug,
          status: r.status,
          created_at: r.createdAt.toISOString(),
          suspended_reason: r.status === 'suspended' ? r.suspendedReason : null,
          trial_ends_at: r.status === 'trial' ? (r.trialEndsAt?.toISOString() ?? null) : null,
        },
        counts: { categories: r.categories, active_categories: r.activeCategories, products: r.products, active_products: r.activeProducts, team: r.team, team_active: r.teamActive, tables: r.tables },
        setup: { logo: r.hasLogo, looks: r.hasLooks },
      };
      return { success: true, data };
    },
  );
};
