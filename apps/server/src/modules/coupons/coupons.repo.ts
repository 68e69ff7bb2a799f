import { and, count, desc, eq, ilike, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZCouponsQuery } from '@tavolo/contracts/ordering';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/product-page.ts';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.ts';

type CouponsQuery = z.output<typeof ZCouponsQuery>;
export type CouponRow = typeof coupons.$inferSelect;
export type CouponValues = Pick<CouponRow, 'code' | 'kind' | 'value' | 'minOrderCents' | 'validFrom' | 'validUntil' | 'maxUses' | 'maxUsesPerCustomer' | 'isActive'>;

/** Orders that gave their coupon use back (the checkout's limits skip them too, see orders/rules.repo.ts). */
const RELEASED = ['rejected', 'cancelled'];

/** The only Drizzle code of the coupons admin; every statement is filtered by tenant. */
export function createCouponsRepo(db: Db) {
  /** Uses per coupon of this restaurant by orders still standing: one grouped subquery, joined to the list (no N+1). */
  const usesOf = (tenantId: string) =>
    db
      .select({ couponId: couponRedemptions.couponId, uses: count().as('uses') })
      .from(couponRedemptions)
      .innerJoin(orders, and(eq(orders.tenantId, couponRedemptions.tenantId), eq(orders.id, couponRedemptions.orderId)))
      .where(and(eq(couponRedemptions.tenantId, tenantId), notInArray(orders.status, RELEASED)))
      .groupBy(couponRedemptions.couponId)
      .as('coupon_uses');

  const select = (tenantId: string) => {
    const uses = usesOf(tenantId);
    return db
      .select({ coupon: coupons, uses: sql<number>`coalesce(${uses.uses}, 0)`.mapWith(Number) })
      .from(coupons)
      .leftJoin(uses, eq(uses.couponId, coupons.id));
  };

  return {
    /** One page, newest first, with each coupon's uses: one statement plus one count. */
    async list(tenantId: string, query: CouponsQuery) {
      const where = and(eq(coupons.tenantId, tenantId), query.search ? ilike(coupons.code, `%${escapeLike(query.search)}%`) : undefined);
      const [rows, [total]] = await Promise.all([
        select(tenantId)
          .where(where)
          .orderBy(desc(coupons.createdAt), desc(coupons.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(coupons).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async get(tenantId: string, id: string) {
      const [row] = await select(tenantId).where(and(eq(coupons.tenantId, tenantId), eq(coupons.id, id)));
      return row;
    },

    async exists(tenantId: string, id: string) {
      const [row] = await db
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(eq(coupons.tenantId, tenantId), eq(coupons.id, id)));
      return row !== undefined;
    },

    /** `exceptId`: the coupon being edited keeps its own code. */
    async codeTaken(tenantId: string, code: string, exceptId?: string) {
      const [row] = await db
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(eq(coupons.tenantId, tenantId), eq(coupons.code, code), exceptId ? ne(coupons.id, exceptId) : undefined))
        .limit(1);
      return row !== undefined;
    },

    async insert(tenantId: string, values: CouponValues) {
      const [row] = await db
        .insert(coupons)
        .values({ tenantId, ...values })
        .returning({ id: coupons.id });
      return row!.id;
    },

    async update(tenantId: string, id: string, values: CouponValues) {
      await db
        .update(coupons)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(coupons.tenantId, tenantId), eq(coupons.id, id)));
    },

    /** Its redemptions go with it (cascade); the orders keep their coupon_code and discount. */
    async delete(tenantId: string, id: string) {
      const rows = await db
        .delete(coupons)
        .where(and(eq(coupons.tenantId, tenantId), eq(coupons.id, id)))
        .returning({ id: coupons.id });
      return rows.length > 0;
    },
  };
}
export type CouponsRepo = ReturnType<typeof createCouponsRepo>;

export function inCouponsTransaction<T>(db: Db, fn: (repo: CouponsRepo) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createCouponsRepo(tx as unknown as Db)));
}
