import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuOptions, optionGroups, productOptionGroups, products, taxRates } from '../../db/schema/index.ts';

export interface OptionValues {
  id?: string;
  name: string;
  priceDeltaCents: number;
  isActive: boolean;
}

export interface GroupValues {
  name: string;
  minSelect: number;
  maxSelect: number;
}

/** Option groups, their options and the product links; every statement filtered by the tenant's key. */
export function createOptionGroupsRepo(db: Db) {
  return {
    /** Groups with their product counts (one statement), then every option of them (one more). */
    async list(tenantId: string, ids?: string[]) {
      const groups = await db
        .select({
          id: optionGroups.id,
          name: optionGroups.name,
          minSelect: optionGroups.minSelect,
          maxSelect: optionGroups.maxSelect,
          productsCount: count(productOptionGroups.productId),
        })
        .from(optionGroups)
        .leftJoin(productOptionGroups, and(eq(productOptionGroups.tenantId, optionGroups.tenantId), eq(productOptionGroups.groupId, optionGroups.id)))
        .where(and(eq(optionGroups.tenantId, tenantId), ids ? inArray(optionGroups.id, ids) : undefined))
        .groupBy(optionGroups.tenantId, optionGroups.id)
        .orderBy(asc(sql`lower(${optionGroups.name})`), asc(optionGroups.id));
      if (!groups.length) return [];
      const options = await db
        .select({ id: menuOptions.id, groupId: menuOptions.groupId, name: menuOptions.name, priceDeltaCents: menuOptions.priceDeltaCents, isActive: menuOptions.isActive })
        .from(menuOptions)
        .where(and(eq(menuOptions.tenantId, tenantId), inArray(menuOptions.groupId, groups.map((g) => g.id))))
        .orderBy(asc(menuOptions.sortOrder), asc(menuOptions.name));
      return groups.map((g) => ({ ...g, options: options.filter((o) => o.groupId === g.id) }));
    },

    async insertGroup(tenantId: string, values: GroupValues): Promise<string> {
      const [row] = await db
        .insert(optionGroups)
        .values({ tenantId, ...values })
        .returning({ id: optionGroups.id });
      return row!.id;
    },

    async updateGroup(tenantId: string, id: string, values: GroupValues): Promise<boolean> {
      const rows = await db
        .update(optionGroups)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(optionGroups.tenantId, tenantId), eq(optionGroups.id, id)))
        .returning({ id: optionGroups.id });
      return rows.length > 0;
    },

    async deleteGroup(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(optionGroups)
        .where(and(eq(optionGroups.tenantId, tenantId), eq(optionGroups.id, id)))
        .returning({ id: optionGroups.id });
      return rows.length > 0;
    },

    /** Ids of the group's options now. */
    async optionIds(tenantId: string, groupId: string): Promise<string[]> {
      const rows = await db
        .select({ id: menuOptions.id })
        .from(menuOptions)
        .where(and(eq(menuOptions.tenantId, tenantId), eq(menuOptions.groupId, groupId)));
      return rows.map((r) => r.id);
    },

    /** The options list replaces the old one: kept ids are updated, missing ones deleted, new ones inserted. */
    async replaceOptions(tenantId: string, groupId: string, options: OptionValues[]) {
      const keep = options.flatMap((o) => (o.id ? [o.id] : []));
      await db
        .delete(menuOptions)
        .where(and(eq(menuOptions.tenantId, tenantId), eq(menuOptions.groupId, groupId), keep.length ? notInArray(menuOptions.id, keep) : undefined));
      for (const [sortOrder, o] of options.entries()) {
        const values = { name: o.name, priceDeltaCents: o.priceDeltaCents, isActive: o.isActive, sortOrder };
        if (o.id) {
          await db
            .update(menuOptions)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(menuOptions.tenantId, tenantId), eq(menuOptions.groupId, groupId), eq(menuOptions.id, o.id)));
        } else {
          await db.insert(menuOptions).values({ tenantId, groupId, ...values });
        }
      }
    },

    // ---- products ----

    async taxRateExists(tenantId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: taxRates.id })
        .from(taxRates)
        .where(and(eq(taxRates.tenantId, tenantId), eq(taxRates.id, id)))
        .limit(1);
      return Boolean(row);
    },

    /** The product offers exactly these groups, in this order. */
    async setProductGroups(tenantId: string, productId: string, groupIds: string[]) {
      await db.delete(productOptionGroups).where(and(eq(productOptionGroups.tenantId, tenantId), eq(productOptionGroups.productId, productId)));
      if (groupIds.length) {
        await db.insert(productOptionGroups).values(groupIds.map((groupId, sortOrder) => ({ tenantId, productId, groupId, sortOrder })));
      }
    },

    /** The dishes that offer a group, with their prices. */
    async productsOffering(tenantId: string, groupId: string) {
      return db
        .select({ id: products.id, name: products.name, priceCents: products.priceCents })
        .from(productOptionGroups)
        .innerJoin(products, and(eq(products.tenantId, productOptionGroups.tenantId), eq(products.id, productOptionGroups.productId)))
        .where(and(eq(productOptionGroups.tenantId, tenantId), eq(productOptionGroups.groupId, groupId)));
    },

    /** Group ids of each product, in order: one statement for any number of products. */
    async groupIdsOf(tenantId: string, productIds: string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>(productIds.map((id) => [id, []]));
      if (!productIds.length) return out;
      const rows = await db
        .select({ productId: productOptionGroups.productId, groupId: productOptionGroups.groupId })
        .from(productOptionGroups)
        .where(and(eq(productOptionGroups.tenantId, tenantId), inArray(productOptionGroups.productId, productIds)))
        .orderBy(asc(productOptionGroups.sortOrder));
      for (const r of rows) out.get(r.productId)?.push(r.groupId);
      return out;
    },
  };
}

export type OptionGroupsRepo = ReturnType<typeof createOptionGroupsRepo>;
