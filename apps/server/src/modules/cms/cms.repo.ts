import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cmsPages, cmsPageTranslations, tenantSettings, tenants } from '../../db/schema/index.ts';

export type PageRow = typeof cmsPages.$inferSelect;
export type TranslationRow = typeof cmsPageTranslations.$inferSelect;
export interface PageWithTranslations {
  page: PageRow;
  translations: TranslationRow[];
}
export interface TranslationValues {
  language: string;
  title: string;
  bodyHtml: string;
}

/** Groups joined (page, translation) rows by page, keeping the query's order. */
function group(rows: { page: PageRow; translation: TranslationRow | null }[]): PageWithTranslations[] {
  const byId = new Map<string, PageWithTranslations>();
  for (const { page, translation } of rows) {
    let entry = byId.get(page.id);
    if (!entry) byId.set(page.id, (entry = { page, translations: [] }));
    if (translation) entry.translations.push(translation);
  }
  return [...byId.values()];
}

/** The only Drizzle code of the CMS module; every statement is filtered by the tenant's key. */
export function createCmsRepo(db: Db) {
  const joined = () =>
    db
      .select({ page: cmsPages, translation: cmsPageTranslations })
      .from(cmsPages)
      .leftJoin(cmsPageTranslations, and(eq(cmsPageTranslations.tenantId, cmsPages.tenantId), eq(cmsPageTranslations.pageId, cmsPages.id)));

  return {
    /** Every page with its translations, in one query. */
    async list(tenantId: string, options: { publishedOnly?: boolean } = {}): Promise<PageWithTranslations[]> {
      const where = options.publishedOnly ? and(eq(cmsPages.tenantId, tenantId), eq(cmsPages.isPublished, true)) : eq(cmsPages.tenantId, tenantId);
      return group(await joined().where(where).orderBy(asc(cmsPages.sortOrder), asc(cmsPages.slug), asc(cmsPageTranslations.language)));
    },

    async byId(tenantId: string, id: string): Promise<PageWithTranslations | undefined> {
      return group(await joined().where(and(eq(cmsPages.tenantId, tenantId), eq(cmsPages.id, id))))[0];
    },

    async bySlug(tenantId: string, slug: string): Promise<PageWithTranslations | undefined> {
      return group(await joined().where(and(eq(cmsPages.tenantId, tenantId), eq(cmsPages.slug, slug))))[0];
    },

    async slugTaken(tenantId: string, slug: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: cmsPages.id })
        .from(cmsPages)
        .where(and(eq(cmsPages.tenantId, tenantId), eq(cmsPages.slug, slug)))
        .limit(1);
      return rows.length > 0 && rows[0]!.id !== exceptId;
    },

    async insertPage(tenantId: string, values: { slug: string; isPublished: boolean; sortOrder: number }): Promise<string> {
      const [row] = await db
        .insert(cmsPages)
        .values({ tenantId, ...values })
        .returning({ id: cmsPages.id });
      return row!.id;
    },

    async updatePage(tenantId: string, id: string, values: { slug: string; isPublished: boolean; sortOrder: number }): Promise<boolean> {
      const rows = await db
        .update(cmsPages)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(cmsPages.tenantId, tenantId), eq(cmsPages.id, id)))
        .returning({ id: cmsPages.id });
      return rows.length > 0;
    },

    /** Replaces the page's language versions; empty ones (no title) are not stored. */
    async replaceTranslations(tenantId: string, pageId: string, values: TranslationValues[]): Promise<void> {
      await db.delete(cmsPageTranslations).where(and(eq(cmsPageTranslations.tenantId, tenantId), eq(cmsPageTranslations.pageId, pageId)));
      if (values.length > 0) await db.insert(cmsPageTranslations).values(values.map((v) => ({ tenantId, pageId, ...v })));
    },

    async deletePage(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(cmsPages)
        .where(and(eq(cmsPages.tenantId, tenantId), eq(cmsPages.id, id)))
        .returning({ id: cmsPages.id });
      return rows.length > 0;
    },

    /** What the default standard pages are written from. */
    async restaurant(tenantId: string) {
      const [row] = await db
        .select({
          name: tenants.name,
          email: tenants.email,
          phone: tenants.phone,
          address: tenants.address,
          street: tenants.street,
          postalCode: tenants.postalCode,
          city: tenants.city,
          country: tenants.country,
          description: tenantSettings.description,
          status: tenants.status,
          pickup: tenantSettings.pickupEnabled,
          delivery: tenantSettings.deliveryEnabled,
        })
        .from(tenants)
        .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId))
        .limit(1);
      return row;
    },
  };
}
export type CmsRepo = ReturnType<typeof createCmsRepo>;

/** Runs `fn` with a repo bound to one transaction: the page and its translations are written together, or not at all. */
export function inCmsTransaction<T>(db: Db, fn: (repo: CmsRepo) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createCmsRepo(tx as unknown as Db)));
}
