import { and, asc, count, desc, eq, gte, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, orderItems, orders, products, reservations, tenantSettings } from '../../db/schema/index.ts';
import { bulletinOrder } from '../bulletin/bulletin.repo.ts';

/** Orders that count towards revenue: everything but rejected and cancelled. */
const counted = notInArray(orders.status, ['rejected', 'cancelled']);
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The dashboard home's aggregates; each is one statement over an index, never a scan of every row. */
export function createDashboardRepo(db: Db) {
  return {
    async settings(tenantId: string) {
      const [row] = await db
        .select({ timeZone: tenantSettings.timeZone, currencySymbol: tenantSettings.currencySymbol })
        .from(tenantSettings)
        .where(eq(tenantSettings.tenantId, tenantId));
      return row ?? { timeZone: 'UTC', currencySymbol: '$' };
    },

    /** Figures for orders placed in [from, to), plus the orders waiting for acceptance. */
    async orderFigures(tenantId: string, from: Date, to: Date) {
      const [row] = await db
        .select({
          today: sql<number>`count(*) filter (where ${orders.createdAt} >= ${from} and ${orders.createdAt} < ${to} and ${counted})::int`,
          revenue: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.createdAt} >= ${from} and ${orders.createdAt} < ${to} and ${counted}), 0)::bigint`,
          pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')::int`,
        })
        .from(orders)
        // Today's orders or pending ones: the (tenant, created) and (tenant, status) indexes cover both sides.
        .where(and(eq(orders.tenantId, tenantId), sql`((${orders.createdAt} >= ${from} and ${orders.createdAt} < ${to}) or ${orders.status} = 'pending')`));
      return { today: Number(row?.today ?? 0), revenue: Number(row?.revenue ?? 0), pending: Number(row?.pending ?? 0) };
    },

    async reservationFigures(tenantId: string, today: string) {
      const [row] = await db
        .select({
          today: sql<number>`count(*) filter (where ${reservations.date} = ${today} and ${reservations.status} in ('pending', 'confirmed'))::int`,
          pending: sql<number>`count(*) filter (where ${reservations.status} = 'pending')::int`,
        })
        .from(reservations)
        .where(and(eq(reservations.tenantId, tenantId), gte(reservations.date, today)));
      return { today: Number(row?.today ?? 0), pending: Number(row?.pending ?? 0) };
    },

    /** One row per local day from `firstDay` to `lastDay` (generate_series, so quiet days are there as zeros). */
    async daily(tenantId: string, timeZone: string, firstDay: string, lastDay: string, from: Date, to: Date) {
      const result = await db.execute(sql`
        with per_day as (
          select (${orders.createdAt} at time zone ${timeZone})::date as day, count(*)::int as n, sum(${orders.totalCents})::bigint as revenue
            from ${orders}
           where ${orders.tenantId} = ${tenantId} and ${orders.createdAt} >= ${from} and ${orders.createdAt} < ${to} and ${counted}
           group by 1
        )
        select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(p.n, 0)::int as orders, coalesce(p.revenue, 0)::bigint as revenue
          from (select g::date as day from generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') as g) d
          left join per_day p on p.day = d.day
         order by d.day`);
      return rowsOf<{ date: string; orders: number; revenue: number | string }>(result).map((r) => ({ date: r.date, orders: Number(r.orders), revenue_cents: Number(r.revenue) }));
    },

    async topProducts(tenantId: string, from: Date, to: Date, limit: number) {
      const rows = await db
        .select({
          productId: orderItems.productId,
          name: sql<string>`max(${orderItems.name})`,
          quantity: sql<number>`sum(${orderItems.quantity})::int`,
          revenue: sql<number>`sum(${orderItems.lineTotalCents})::bigint`,
        })
        .from(orderItems)
        .innerJoin(orders, and(eq(orders.tenantId, orderItems.tenantId), eq(orders.id, orderItems.orderId)))
        .where(and(eq(orderItems.tenantId, tenantId), gte(orders.createdAt, from), lt(orders.createdAt, to), counted))
        .groupBy(orderItems.productId)
        .orderBy(desc(sql`sum(${orderItems.quantity})`), asc(sql`max(${orderItems.name})`))
        .limit(limit);
      return rows.map((r) => ({ product_id: r.productId, name: r.name, quantity: Number(r.quantity), revenue_cents: Number(r.revenue) }));
    },

    /** Low stock as the stock page defines it: tracked and at or below the product's threshold. */
    async lowStock(tenantId: string, limit: number) {
      const where = and(eq(products.tenantId, tenantId), eq(products.trackStock, true), lte(products.stockQuantity, products.lowStockThreshold));
      const [items, [total]] = await Promise.all([
        db
          .select({ id: products.id, name: products.name, stock_quantity: products.stockQuantity, low_stock_threshold: products.lowStockThreshold })
          .from(products)
          .where(where)
          .orderBy(asc(products.stockQuantity), asc(products.name))
          .limit(limit),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async latestPosts(tenantId: string, limit: number) {
      return db
        .select()
        .from(bulletinPosts)
        .where(eq(bulletinPosts.tenantId, tenantId))
        .orderBy(...bulletinOrder)
        .limit(limit);
    },
  };
}
