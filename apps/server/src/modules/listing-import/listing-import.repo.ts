import { eq } from 'drizzle-orm';
import type { TImportedSection } from '@tavolo/contracts/listing-import';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import type { Db } from '../../db/client.ts';
import { categories, products, tenantSettings } from '../../db/schema/index.ts';

/** The only Drizzle code of the listing import: the new restaurant's menu and settings, inside the sign-up's transaction. */
export function createListingImportRepo(db: Db) {
  return {
    /** Categories and products in the page's order, all active; one insert per category and one for its dishes. */
    async createMenu(tx: Db, tenantId: string, sections: TImportedSection[]) {
      for (const [sortOrder, section] of sections.entries()) {
        const [category] = await tx.insert(categories).values({ tenantId, name: section.name, sortOrder }).returning({ id: categories.id });
        if (section.items.length === 0) continue;
        await tx.insert(products).values(
          section.items.map((item, index) => ({
            tenantId,
            categoryId: category!.id,
            name: item.name,
            description: item.description,
            priceCents: item.price_cents,
            sortOrder: index,
          })),
        );
      }
    },

    async updateSettings(
      tx: Db,
      tenantId: string,
      values: { openingHours?: TOpeningDay[]; description?: string; currencyCode?: string; currencySymbol?: string },
    ) {
      if (Object.keys(values).length === 0) return;
      await tx
        .update(tenantSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tenantSettings.tenantId, tenantId));
    },

    async setLogo(tenantId: string, logo: string) {
      await db.update(tenantSettings).set({ logo, updatedAt: new Date() }).where(eq(tenantSettings.tenantId, tenantId));
    },
  };
}
