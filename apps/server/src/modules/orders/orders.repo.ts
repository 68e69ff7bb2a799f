import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TOrderSort, TOrderSource, TOrderStatus, TOrderType } from '@tavolo/contracts/orders';
import type { Db } from '../../db/client.ts';
import { categories, idempotencyKeys, notifications, orderingSettings, orderItems, orderStatusHistory, orders, products, tenantSettings, tenants, users } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'tenantId' | 'orderId'>;

export interface OrderListQuery {
  status?: TOrderStatus;
  type?: TOrderType;
  source?: TOrderSource;
  /** Placed at or after this instant. */
  from?: Date;
  /** Placed before this instant. */
  until?: Date;
  sort: TOrderSort;
  search?: string;
  page: number;
  perPage: number;
}

const SORTS: Record<TOrderSort, SQL[]> = {
  newest: [desc(orders.createdAt), desc(orders.number)],
  oldest: [asc(orders.createdAt), asc(orders.number)],
  total_desc: [desc(orders.totalCents), desc(orders.number)],
  total_asc: [asc(orders.totalCents), desc(orders.number)],
};

export function createOrdersRepo(db: Db) {
  return {
    /** The restaurant's ordering settings (one row). */
    async restaurant(tenantId: string) {
      const [row] = await db
        .select({
          slug: tenants.slug,
          name: tenants.name,
          email: tenants.email,
          phone: tenants.phone,
          staffLanguage: tenants.staffLanguage,
          status: tenants.status,
          isOpen: tenantSettings.isOpen,
          timeZone: tenantSettings.timeZone,
          openingHours: tenantSettings.openingHours,
          currencySymbol: tenantSettings.currencySymbol,
          discountPercent: tenantSettings.discountPercent,
          pickupEnabled: tenantSettings.pickupEnabled,
          deliveryEnabled: tenantSettings.deliveryEnabled,
          deliveryFeeCents: tenantSettings.deliveryFeeCents,
          deliveryMinOrderCents: tenantSettings.deliveryMinOrderCents,
        })
        .from(tenants)
        .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId));
      return row;
    },

    /**
     * The orderable products among `ids` (active, in an active category, of this tenant). With `lock`, their rows
     * are locked in id order, so concurrent orders queue on the same products without deadlocking.
     */
    async orderableProducts(tenantId: string, ids: string[], lock = false) {
      const query = db
        .select({
          id: products.id,
          name: products.name,
          priceCents: products.priceCents,
          discountPercent: products.discountPercent,
          taxRateId: products.taxRateId,
          trackStock: products.trackStock,
          stockQuantity: products.stockQuantity,
        })
        .from(products)
        .innerJoin(categories, and(eq(categories.tenantId, products.tenantId), eq(categories.id, products.categoryId)))
        .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids), eq(products.isActive, true), eq(categories.isActive, true)))
        .orderBy(asc(products.id));
      return lock ? query.for('update', { of: products }) : query;
    },

    /** Hands out the next order number; the row lock also serialises numbering per restaurant. */
    async nextOrderNumber(tenantId: string): Promise<number> {
      const [row] = await db
        .update(tenantSettings)
        .set({ lastOrderNumber: sql`${tenantSettings.lastOrderNumber} + 1` })
        .where(eq(tenantSettings.tenantId, tenantId))
        .returning({ number: tenantSettings.lastOrderNumber });
      return row!.number;
    },

    async insertOrder(order: NewOrder, items: NewOrderItem[]): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(order).returning();
      await db.insert(orderItems).values(items.map((item) => ({ ...item, tenantId: order.tenantId, orderId: row!.id })));
      // A phone order's first step is the staff member who typed it in; an online one has no user (the guest).
      await db.insert(orderStatusHistory).values({ tenantId: order.tenantId, orderId: row!.id, status: row!.status, userId: order.createdBy ?? null });
      return row!;
    },

    async byTrackingHash(tenantId: string, hash: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.trackingTokenHash, hash)));
      return row;
    },

    async byId(tenantId: string, id: string, lock = false) {
      const query = db
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async items(tenantId: string, orderIds: string[]) {
      if (!orderIds.length) return [];
      return db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, orderIds)))
        .orderBy(asc(orderItems.name));
    },

    /** Each order's steps with the name of the staff member who took it (null for the guest or the system). */
    async history(tenantId: string, orderIds: string[]) {
      if (!orderIds.length) return [];
      return db
        .select({
          orderId: orderStatusHistory.orderId,
          status: orderStatusHistory.status,
          userId: orderStatusHistory.userId,
          userName: users.name,
          reason: orderStatusHistory.reason,
          createdAt: orderStatusHistory.createdAt,
        })
        .from(orderStatusHistory)
        .leftJoin(users, and(eq(users.tenantId, orderStatusHistory.tenantId), eq(users.id, orderStatusHistory.userId)))
        .where(and(eq(orderStatusHistory.tenantId, tenantId), inArray(orderStatusHistory.orderId, orderIds)))
        .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
    },

    /** Names of staff members (who entered phone orders); one query for a whole page. */
    async userNames(tenantId: string, ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(ids)])));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** One page of orders in the chosen order, and the count: two queries whatever the page size. */
    async list(tenantId: string, q: OrderListQuery) {
      const filters: SQL[] = [eq(orders.tenantId, tenantId)];
      if (q.status) filters.push(eq(orders.status, q.status));
      if (q.type) filters.push(eq(orders.type, q.type));
      if (q.source) filters.push(eq(orders.source, q.source));
      if (q.from) filters.push(gte(orders.createdAt, q.from));
      if (q.until) filters.push(lt(orders.createdAt, q.until));
      if (q.search) {
        const term = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const number = /^#?\d{1,9}$/.test(q.search) ? Number(q.search.replace('#', '')) : null;
        // A phone number however it is written ("(555) 777-8888", "+15557778888"): digits against digits.
        const digits = /^[\d\s+()./-]+$/.test(q.search) ? q.search.replace(/\D/g, '') : '';
        const phone = digits.length >= 4 ? [sql`regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`] : [];
        filters.push(or(ilike(orders.customerName, term), ilike(orders.customerPhone, term), ilike(orders.customerEmail, term), ...phone, ...(number !== null ? [eq(orders.number, number)] : []))!);
      }
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(...SORTS[q.sort])
          .limit(q.perPage)
          .offset((q.page - 1) * q.perPage),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The new status, its history step (who, why) and, on accepting, the promised time. */
    async setStatus(tenantId: string, id: string, status: TOrderStatus, userId: string | null, reason: string | null, promisedAt?: Date) {
      await db
        .update(orders)
        .set({ status, updatedAt: new Date(), ...(reason ? { cancelledReason: reason } : {}), ...(promisedAt ? { promisedAt } : {}) })
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
      await db.insert(orderStatusHistory).values({ tenantId, orderId: id, status, userId, reason });
    },

    async orderingState(tenantId: string) {
      const [row] = await db
        .select({ isOpen: tenantSettings.isOpen, autoPausedAt: tenantSettings.autoPausedAt, timeZone: tenantSettings.timeZone, prepMinutes: orderingSettings.leadTimeMinutes })
        .from(tenantSettings)
        .leftJoin(orderingSettings, eq(orderingSettings.tenantId, tenantSettings.tenantId))
        .where(eq(tenantSettings.tenantId, tenantId));
      return row;
    },

    /** Opens online ordering (again): an automatic pause is over, and so is a "kitchen busy" one. */
    async resumeOrdering(tenantId: string) {
      await db.transaction(async (tx) => {
        await tx.update(tenantSettings).set({ isOpen: true, autoPausedAt: null, updatedAt: new Date() }).where(eq(tenantSettings.tenantId, tenantId));
        await tx.update(orderingSettings).set({ pausedUntil: null, updatedAt: new Date() }).where(eq(orderingSettings.tenantId, tenantId));
      });
    },

    async notify(tenantId: string, kind: string, data: Record<string, string | number>, orderId: string | null) {
      await db.insert(notifications).values({ tenantId, kind, data, orderId });
    },

    /**
     * Claims an idempotency key inside the caller's transaction. A concurrent request with the same key waits on
     * the unique key until the first commits (then sees its stored response) or rolls back (then takes the key).
     */
    async claimKey(tenantId: string, scope: string, key: string, requestHash: string) {
      const inserted = await db.insert(idempotencyKeys).values({ tenantId, scope, key, requestHash }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (inserted.length) return { claimed: true as const };
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return { claimed: false as const, existing: existing! };
    },

    async storeResponse(tenantId: string, scope: string, key: string, status: number, body: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },

    /** Keys are kept for at least 24 hours (issue #11); older ones are purged by the housekeeping timer. */
    async purgeKeys(olderThanHours = 48) {
      await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${olderThanHours})`);
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
