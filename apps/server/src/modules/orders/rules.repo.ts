import { and, asc, count, eq, gte, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import { DEFAULT_ORDERING_SETTINGS, type TOrderingSettings } from '@tavolo/contracts/ordering';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons, deliveryZones, menuOptions, optionGroups, orderingSettings, orders, productOptionGroups, taxRates } from '../../db/schema/index.ts';

/** Orders that no longer count against a slot or a coupon's limits. */
const RELEASED = ['rejected', 'cancelled'];

export type OrderingSettingsRow = typeof orderingSettings.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;

/** A row (or its absence) as the settings the rest of the code reads. */
export function toOrderingSettings(row: OrderingSettingsRow | undefined): TOrderingSettings & { prices_include_tax: boolean; paused_until: Date | null } {
  if (!row) return { ...DEFAULT_ORDERING_SETTINGS, prices_include_tax: true, paused_until: null };
  return {
    asap_enabled: row.asapEnabled,
    scheduled_enabled: row.scheduledEnabled,
    lead_time_minutes: row.leadTimeMinutes,
    slot_interval_minutes: row.slotIntervalMinutes as TOrderingSettings['slot_interval_minutes'],
    days_ahead: row.daysAhead,
    max_orders_per_slot: row.maxOrdersPerSlot,
    tips_enabled: row.tipsEnabled,
    tip_presets: row.tipPresets,
    prices_include_tax: row.pricesIncludeTax,
    location: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    paused_until: row.pausedUntil,
  };
}

/**
 * What the checkout reads besides products: ordering settings, tax rates, delivery zones, option groups of the
 * ordered products, coupons and their uses, and how full a kitchen slot is. All scoped by tenant.
 */
export function createRulesRepo(db: Db) {
  return {
    async settings(tenantId: string) {
      const [row] = await db.select().from(orderingSettings).where(eq(orderingSettings.tenantId, tenantId));
      return toOrderingSettings(row);
    },

    taxRates(tenantId: string) {
      return db
        .select({ id: taxRates.id, name: taxRates.name, rateMillipercent: taxRates.rateMillipercent, isDefault: taxRates.isDefault })
        .from(taxRates)
        .where(eq(taxRates.tenantId, tenantId))
        .orderBy(asc(taxRates.sortOrder), asc(taxRates.rateMillipercent), asc(taxRates.name));
    },

    activeZones(tenantId: string) {
      return db
        .select()
        .from(deliveryZones)
        .where(and(eq(deliveryZones.tenantId, tenantId), eq(deliveryZones.isActive, true)))
        .orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.createdAt));
    },

    /** The groups each of `productIds` offers (in the product's order), with every option (active or not). */
    async optionGroupsOf(tenantId: string, productIds: string[]) {
      if (!productIds.length) return [];
      const links = await db
        .select({ productId: productOptionGroups.productId, groupId: optionGroups.id, name: optionGroups.name, minSelect: optionGroups.minSelect, maxSelect: optionGroups.maxSelect })
        .from(productOptionGroups)
        .innerJoin(optionGroups, and(eq(optionGroups.tenantId, productOptionGroups.tenantId), eq(optionGroups.id, productOptionGroups.groupId)))
        .where(and(eq(productOptionGroups.tenantId, tenantId), inArray(productOptionGroups.productId, productIds)))
        .orderBy(asc(productOptionGroups.sortOrder), asc(optionGroups.name));
      const groupIds = [...new Set(links.map((l) => l.groupId))];
      const options = groupIds.length
        ? await db
            .select({ id: menuOptions.id, groupId: menuOptions.groupId, name: menuOptions.name, priceDeltaCents: menuOptions.priceDeltaCents, isActive: menuOptions.isActive })
            .from(menuOptions)
            .where(and(eq(menuOptions.tenantId, tenantId), inArray(menuOptions.groupId, groupIds)))
            .orderBy(asc(menuOptions.sortOrder), asc(menuOptions.name))
        : [];
      return links.map((l) => ({ ...l, options: options.filter((o) => o.groupId === l.groupId) }));
    },

    /** With `lock`, the coupon row is locked so two orders cannot both take its last use. */
    async couponByCode(tenantId: string, code: string, lock = false) {
      const query = db
        .select()
        .from(coupons)
        .where(and(eq(coupons.tenantId, tenantId), eq(coupons.code, code)));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    /** Uses by orders still standing: overall, and by this customer. */
    async couponUses(tenantId: string, couponId: string, customerKey: string | null) {
      const [row] = await db
        .select({
          total: count(),
          mine: sql<number>`count(*) filter (where ${couponRedemptions.customerKey} = ${customerKey ?? ''})`.mapWith(Number),
        })
        .from(couponRedemptions)
        .innerJoin(orders, and(eq(orders.tenantId, couponRedemptions.tenantId), eq(orders.id, couponRedemptions.orderId)))
        .where(and(eq(couponRedemptions.tenantId, tenantId), eq(couponRedemptions.couponId, couponId), notInArray(orders.status, RELEASED)));
      return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
    },

    async redeem(tenantId: string, couponId: string, orderId: string, customerKey: string) {
      await db.insert(couponRedemptions).values({ tenantId, couponId, orderId, customerKey });
    },

    /** How many standing orders each slot start in [from, until) holds. */
    async slotCounts(tenantId: string, from: Date, until: Date): Promise<Map<number, number>> {
      const rows = await db
        .select({ slotAt: orders.slotAt, n: count() })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), isNotNull(orders.slotAt), gte(orders.slotAt, from), lt(orders.slotAt, until), notInArray(orders.status, RELEASED)))
        .groupBy(orders.slotAt);
      return new Map(rows.map((r) => [r.slotAt!.getTime(), r.n]));
    },
  };
}
export type RulesRepo = ReturnType<typeof createRulesRepo>;
