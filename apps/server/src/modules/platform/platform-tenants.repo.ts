import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TTenantSort } from '@tavolo/contracts/platform';
import type { TTenantStatus } from '@tavolo/contracts/tenant';
import type { TPlanId } from '@tavolo/contracts/plans';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/product-page.ts';
import {
  orders,
  platformUsers,
  products,
  roles,
  tenantDeletions,
  tenantDomains,
  tenantSettings,
  tenantStatusEvents,
  tenants,
  users,
} from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Orders that count as revenue: taken by the restaurant and not called off. */
export const REVENUE_STATUSES = ['accepted', 'preparing', 'ready', 'completed'] as const;

export interface TenantListRow {
  id: string;
  name: string;
  slug: string;
  status: TTenantStatus;
  plan_id: TPlanId;
  trial_ends_at: Date | string | null;
  upgrade_requested_at: Date | string | null;
  created_at: Date | string;
  owner_name: string | null;
  owner_email: string | null;
}

export interface TenantListFilter {
  search?: string;
  status?: TTenantStatus;
  plan?: TPlanId;
  upgradeRequested?: boolean;
  sort: TTenantSort;
  page: number;
  perPage: number;
}

const ORDER_BY: Record<TTenantSort, SQL> = {
  newest: sql`t.created_at desc, t.id`,
  oldest: sql`t.created_at asc, t.id`,
  name: sql`lower(t.name) asc, t.id`,
  trial_end: sql`t.trial_ends_at asc nulls last, t.created_at desc, t.id`,
};

/**
 * The owner: the restaurant's first account in the admin role. A lateral join, so a page of restaurants costs one
 * statement whatever its size.
 */
const OWNER_JOIN = sql`left join lateral (
    select u.name, u.email from ${users} u
      join ${roles} r on r.tenant_id = u.tenant_id and r.id = u.role_id
     where u.tenant_id = t.id and r.name = 'admin'
     order by u.created_at asc, u.id asc
     limit 1) o on true`;

/** The only Drizzle code of the operators' restaurant management. */
export function createPlatformTenantsRepo(db: Db) {
  const where = (f: TenantListFilter) => {
    const parts: SQL[] = [sql`true`];
    if (f.search) {
      const pattern = `%${escapeLike(f.search)}%`;
      // "Address" in both senses: the web address (subdomain or own domain) and the postal one.
      parts.push(sql`(t.name ilike ${pattern} or t.slug ilike ${pattern} or o.email ilike ${pattern}
        or concat_ws(' ', t.address, t.street, t.postal_code, t.city, t.state, t.country) ilike ${pattern}
        or exists (select 1 from ${tenantDomains} d where d.tenant_id = t.id and d.host ilike ${pattern}))`);
    }
    if (f.status) parts.push(sql`t.status = ${f.status}`);
    if (f.plan) parts.push(sql`t.plan_id = ${f.plan}`);
    if (f.upgradeRequested !== undefined) parts.push(f.upgradeRequested ? sql`t.upgrade_requested_at is not null` : sql`t.upgrade_requested_at is null`);
    return sql.join(parts, sql` and `);
  };

  const listColumns = sql`t.id, t.name, t.slug, t.status, t.plan_id, t.trial_ends_at, t.upgrade_requested_at, t.created_at,
         o.name as owner_name, o.email as owner_email`;

  return {
    /** One page plus the number of matches: two statements. */
    async list(f: TenantListFilter) {
      const filter = where(f);
      const [page, counted] = await Promise.all([
        db.execute(
          sql`select ${listColumns} from ${tenants} t ${OWNER_JOIN} where ${filter} order by ${ORDER_BY[f.sort]} limit ${f.perPage} offset ${(f.page - 1) * f.perPage}`,
        ),
        db.execute(sql`select count(*)::int as n from ${tenants} t ${OWNER_JOIN} where ${filter}`),
      ]);
      return { rows: rowsOf<TenantListRow>(page), total: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) };
    },

    async listRow(id: string) {
      const [row] = rowsOf<TenantListRow>(await db.execute(sql`select ${listColumns} from ${tenants} t ${OWNER_JOIN} where t.id = ${id}`));
      return row;
    },

    async byId(id: string, tx: Db = db, lock = false) {
      const query = tx.select().from(tenants).where(eq(tenants.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** Orders, revenue, team, products and last activity in one statement; every sub-select by the tenant's key. */
    async figures(id: string) {
      const revenue = sql.join(
        REVENUE_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      );
      const [row] = await db
        .select({
          orders: sql<number>`(select count(*) from ${orders} where ${orders.tenantId} = ${id})::int`,
          revenue: sql<string>`(select coalesce(sum(${orders.totalCents}), 0) from ${orders} where ${orders.tenantId} = ${id} and ${orders.status} in (${revenue}))::bigint`,
          users: sql<number>`(select count(*) from ${users} where ${users.tenantId} = ${id})::int`,
          products: sql<number>`(select count(*) from ${products} where ${products.tenantId} = ${id})::int`,
          lastSeen: sql<string | null>`(select max(${users.lastSeenAt}) from ${users} where ${users.tenantId} = ${id})`,
          lastOrder: sql<string | null>`(select max(${orders.createdAt}) from ${orders} where ${orders.tenantId} = ${id})`,
          currencySymbol: sql<string | null>`(select ${tenantSettings.currencySymbol} from ${tenantSettings} where ${tenantSettings.tenantId} = ${id})`,
        })
        .from(sql`(select 1) as one`);
      return row!;
    },

    async history(id: string) {
      return db
        .select({
          id: tenantStatusEvents.id,
          fromStatus: tenantStatusEvents.fromStatus,
          toStatus: tenantStatusEvents.toStatus,
          reason: tenantStatusEvents.reason,
          actorName: platformUsers.name,
          createdAt: tenantStatusEvents.createdAt,
        })
        .from(tenantStatusEvents)
        .leftJoin(platformUsers, eq(platformUsers.id, tenantStatusEvents.actorId))
        .where(eq(tenantStatusEvents.tenantId, id))
        .orderBy(desc(tenantStatusEvents.createdAt), desc(tenantStatusEvents.id));
    },

    async update(id: string, values: Partial<typeof tenants.$inferInsert>, tx: Db = db) {
      await tx.update(tenants).set(values).where(eq(tenants.id, id));
    },

    /** Status, when it changed and why, plus the history row: call inside the transaction. */
    async setStatus(
      tx: Db,
      input: {
        id: string;
        from: TTenantStatus;
        to: TTenantStatus;
        at: Date;
        actorId: string | null;
        reason: string | null;
        fields?: Partial<typeof tenants.$inferInsert>;
      },
    ) {
      await tx
        .update(tenants)
        .set({ status: input.to, statusChangedAt: input.at, updatedAt: input.at, ...input.fields })
        .where(eq(tenants.id, input.id));
      await tx.insert(tenantStatusEvents).values({
        tenantId: input.id,
        fromStatus: input.from,
        toStatus: input.to,
        reason: input.reason,
        actorId: input.actorId,
        createdAt: input.at,
      });
    },

    /** Trials past their end, locked for this transaction (rows another process holds are skipped). */
    async expiredTrials(tx: Db, at: Date, limit: number) {
      return tx
        .select()
        .from(tenants)
        .where(and(eq(tenants.status, 'trial'), sql`${tenants.trialEndsAt} <= ${at.toISOString()}::timestamptz`))
        .orderBy(tenants.trialEndsAt)
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** The owner's name and e-mail, for mails. */
    async owner(id: string, tx: Db = db) {
      const [row] = rowsOf<{ name: string; email: string }>(
        await tx.execute(sql`select o.name, o.email from ${tenants} t ${OWNER_JOIN} where t.id = ${id} and o.email is not null`),
      );
      return row;
    },

    /** Records what is left of the restaurant and deletes it; every tenant table cascades. Call inside a transaction. */
    async delete(tx: Db, tenant: { id: string; slug: string; name: string }, actorId: string) {
      await tx.insert(tenantDeletions).values({ formerTenantId: tenant.id, slug: tenant.slug, name: tenant.name, actorId });
      await tx.delete(tenants).where(eq(tenants.id, tenant.id));
    },

    /** Sign-ups per UTC day or month since `from`, every bucket present (generate_series), in one statement. */
    async signups(from: Date, bucket: 'day' | 'month', buckets: number) {
      const unit = sql.raw(`'${bucket}'`);
      const step = sql.raw(`'1 ${bucket}'`);
      const result = await db.execute(sql`
        select to_char(b.at, 'YYYY-MM-DD') as date, count(t.id)::int as count
          from generate_series(date_trunc(${unit}, ${from.toISOString()}::timestamptz at time zone 'UTC'),
                               date_trunc(${unit}, ${from.toISOString()}::timestamptz at time zone 'UTC') + (${buckets - 1} * interval ${step}),
                               interval ${step}) as b(at)
          left join ${tenants} t on date_trunc(${unit}, t.created_at at time zone 'UTC') = b.at
         group by b.at
         order by b.at`);
      return rowsOf<{ date: string; count: number }>(result).map((r) => ({ date: r.date, count: Number(r.count) }));
    },
  };
}

export type PlatformTenantsRepo = ReturnType<typeof createPlatformTenantsRepo>;
