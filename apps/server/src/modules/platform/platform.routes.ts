import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@tavolo/contracts/permissions';
import type { TPlatformStats } from '@tavolo/contracts/dashboard';
import { ZSignupsQuery } from '@tavolo/contracts/platform';
import type { Db } from '../../db/client.ts';
import { platformRoles, platformUsers, roles, tenants, users } from '../../db/schema/index.ts';
import type { PlatformTenantsService } from './platform-tenants.service.ts';

const config = { site: 'platform', permission: 'platform.dashboard.view' } as const;

export const platformRoutes: FastifyPluginAsyncZod<{ db: Db; platformTenants: PlatformTenantsService }> = async (app, { db, platformTenants }) => {
  app.get('/api/platform/stats', { schema: { tags: ['platform'], summary: 'Platform dashboard figures (SPEC §3)' }, config }, async () => {
    const today = sql`date_trunc('day', now())`;
    // One round-trip: every figure is a sub-select over an indexed column.
    const [row] = await db
      .select({
        total_restaurants: sql<number>`(select count(*) from ${tenants})::int`,
        active_restaurants: sql<number>`(select count(*) from ${tenants} where ${tenants.status} = 'active')::int`,
        pending_approvals: sql<number>`(select count(*) from ${tenants} where ${tenants.status} = 'pending')::int`,
        suspended_restaurants: sql<number>`(select count(*) from ${tenants} where ${tenants.status} = 'suspended')::int`,
        total_users: sql<number>`((select count(*) from ${users}) + (select count(*) from ${platformUsers}))::int`,
        // Restaurants' roles and the operators' roles.
        total_roles: sql<number>`((select count(*) from ${roles}) + (select count(*) from ${platformRoles}))::int`,
        trial_restaurants: sql<number>`(select count(*) from ${tenants} where ${tenants.status} = 'trial')::int`,
        platform_users: sql<number>`(select count(*) from ${platformUsers})::int`,
        platform_roles: sql<number>`(select count(*) from ${platformRoles})::int`,
        active_users_today: sql<number>`((select count(*) from ${users} where ${users.lastSeenAt} >= ${today}) + (select count(*) from ${platformUsers} where ${platformUsers.lastSeenAt} >= ${today}))::int`,
      })
      .from(sql`(select 1) as one`);
    // Both catalogues: what a restaurant's roles and what the operators' roles can be granted.
    const data: TPlatformStats = { ...row!, total_permissions: PERMISSIONS.length + PLATFORM_PERMISSIONS.length };
    return { success: true, data };
  });

  app.get(
    '/api/platform/stats/signups',
    { schema: { tags: ['platform'], summary: 'New restaurants per day (30d, 90d) or month (12m), zero-filled, for the chart', querystring: ZSignupsQuery }, config },
    async (request) => ({ success: true, data: await platformTenants.signups(request.query.range) }),
  );
};
