import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { PERMISSIONS } from '@tavolo/contracts/permissions';
import type { TPlatformStats } from '@tavolo/contracts/dashboard';
import type { Db } from '../../db/client.ts';
import { platformUsers, roles, tenants, users } from '../../db/schema/index.ts';

export const platformRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/platform/stats',
    { schema: { tags: ['platform'], summary: 'Platform dashboard figures (SPEC §3)' }, config: { site: 'platform', permission: 'platform.dashboard.view' } },
    async () => {
      const today = sql`date_trunc('day', now())`;
      // One round-trip: every figure is a sub-select over an indexed column.
      const [row] = await db
        .select({
          total_restaurants: sql<number>`(select count(*) from ${tenants})::int`,
          active_restaurants: sql<number>`(select count(*) from ${tenants} where ${tenants.status} = 'active')::int`,
          pending_approvals: sql<number>`(select count(*) from ${tenants} where ${tenants.status} = 'pending')::int`,
          suspended_restaurants: sql<number>`(select count(*) from ${tenants} where ${tenants.status} = 'suspended')::int`,
          total_users: sql<number>`((select count(*) from ${users}) + (select count(*) from ${platformUsers}))::int`,
          total_roles: sql<number>`(select count(*) from ${roles})::int`,
          active_users_today: sql<number>`((select count(*) from ${users} where ${users.lastSeenAt} >= ${today}) + (select count(*) from ${platformUsers} where ${platformUsers.lastSeenAt} >= ${today}))::int`,
        })
        .from(sql`(select 1) as one`);
      const data: TPlatformStats = { ...row!, total_permissions: PERMISSIONS.length };
      return { success: true, data };
    },
  );
};
