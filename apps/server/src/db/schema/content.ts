import { boolean, foreignKey, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { tenants } from './tenants.ts';

/** A content page of a restaurant (about, privacy, terms or a custom slug); its text lives per language below. */
export const cmsPages = pgTable(
  'cms_pages',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    slug: text().notNull(),
    isPublished: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('cms_pages_tenant_slug_key').on(t.tenantId, t.slug)],
);

/** One language version of a page. `bodyHtml` is stored only after server-side sanitising. */
export const cmsPageTranslations = pgTable(
  'cms_page_translations',
  {
    tenantId: uuid().notNull(),
    pageId: uuid().notNull(),
    language: text().notNull(),
    title: text().notNull(),
    bodyHtml: text().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.pageId, t.language] }),
    foreignKey({ columns: [t.tenantId, t.pageId], foreignColumns: [cmsPages.tenantId, cmsPages.id] }).onDelete('cascade'),
  ],
);

/** The storefront's looks: theme preset, colours and layout choices; one row per tenant (absent = defaults). */
export const tenantAppearance = pgTable('tenant_appearance', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  theme: text().notNull(),
  /** #rrggbb */
  primaryColor: text().notNull(),
  accentColor: text().notNull(),
  menuLayout: text().notNull(),
  headerStyle: text().notNull(),
  bannerImage: text(),
  ...timestamps,
});

/** A restaurant's own SMTP server. The password is encrypted (AES-256-GCM) and never leaves the server. */
export const tenantMailSettings = pgTable('tenant_mail_settings', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  host: text().notNull(),
  port: integer().notNull(),
  security: text().notNull(),
  username: text(),
  passwordEncrypted: text(),
  fromName: text().notNull(),
  fromEmail: text().notNull(),
  ...timestamps,
});
