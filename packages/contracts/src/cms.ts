import { z } from './zod.ts';
import { zCleanString } from './validation.ts';

/**
 * Content pages (CMS): the standard pages about / privacy / terms and custom pages under /p/:slug, each with
 * an English and a German version. Dashboard: /api/tenant/admin/cms-pages; storefront: /api/tenant/public/pages.
 */

export const CMS_LANGUAGES = ['en', 'de'] as const;
export type TCmsLanguage = (typeof CMS_LANGUAGES)[number];

/** Pages every storefront has (its footer links them); they are created on first save and can't be deleted. */
export const STANDARD_PAGE_SLUGS = ['about', 'privacy', 'terms'] as const;
export type TStandardPageSlug = (typeof STANDARD_PAGE_SLUGS)[number];
export const isStandardPageSlug = (slug: string): slug is TStandardPageSlug => (STANDARD_PAGE_SLUGS as readonly string[]).includes(slug);

/** Storefront routes a custom page slug may not take (they would be confusing next to the real pages). */
export const RESERVED_PAGE_SLUGS = [
  'login',
  'dashboard',
  'checkout',
  'cart',
  'reservation',
  'contact',
  'stock-check',
  'order',
  'orders',
  'api',
  'build',
  'uploads',
  'auth',
  'tenant',
  'forgot-password',
  'reset-password',
  'p',
  'pages',
] as const;

export const CMS_TITLE_MAX = 150;
export const CMS_BODY_MAX = 100_000;
export const CMS_SLUG_MIN = 2;
export const CMS_SLUG_MAX = 60;

/** Where the storefront shows a page: standard pages at the top level, custom pages under /p/. */
export const publicPagePath = (slug: string) => (isStandardPageSlug(slug) ? `/${slug}` : `/p/${slug}`);

/** True when an HTML fragment has visible text (an editor's empty `<p></p>` has none). */
export const htmlHasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim().length > 0;

export const ZPageSlug = z
  .string()
  .trim()
  .min(CMS_SLUG_MIN)
  .max(CMS_SLUG_MAX)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'validation.slug_format' })
  .refine((slug) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(slug), { error: 'validation.slug_reserved' });

export const ZCmsTranslation = z.object({
  /** Empty when the page has no version in this language. */
  title: zCleanString().max(CMS_TITLE_MAX),
  /** Rich text from the editor; the server sanitises it before storing. */
  body_html: z.string().max(CMS_BODY_MAX),
});
export type TCmsTranslation = z.output<typeof ZCmsTranslation>;

export const ZCmsPageInput = z
  .object({
    slug: ZPageSlug,
    is_published: z.boolean(),
    sort_order: z.number().int().min(0).max(10_000),
    translations: z.object({ en: ZCmsTranslation, de: ZCmsTranslation }),
  })
  .superRefine((page, ctx) => {
    const { en, de } = page.translations;
    if (!en.title && !de.title) {
      ctx.addIssue({ code: 'custom', path: ['translations', 'en', 'title'], message: 'validation.page_title_required' });
      return;
    }
    // A language with text but no title would show an untitled page to its readers.
    for (const lang of CMS_LANGUAGES) {
      const t = page.translations[lang];
      if (!t.title && htmlHasText(t.body_html)) ctx.addIssue({ code: 'custom', path: ['translations', lang, 'title'], message: 'validation.page_title_missing' });
      // A standard page published with a title and no text would replace its default text (a privacy policy!) with nothing.
      if (page.is_published && isStandardPageSlug(page.slug) && t.title && !htmlHasText(t.body_html)) ctx.addIssue({ code: 'custom', path: ['translations', lang, 'body_html'], message: 'validation.page_text_required' });
    }
  });
/** What a client sends to POST and PUT. */
export type TCmsPageInput = z.input<typeof ZCmsPageInput>;

/** One row of the dashboard list. Standard pages not written yet are listed with `id: null`. */
export interface TCmsPageSummary {
  id: string | null;
  slug: string;
  is_standard: boolean;
  is_published: boolean;
  sort_order: number;
  titles: Record<TCmsLanguage, string>;
  updated_at: string | null;
}

/** A page as the editor loads it. */
export interface TCmsPage {
  id: string;
  slug: string;
  is_standard: boolean;
  is_published: boolean;
  sort_order: number;
  translations: Record<TCmsLanguage, TCmsTranslation>;
  created_at: string;
  updated_at: string;
}

/** A footer / navigation link of the storefront. Standard pages are always listed (with default text when unwritten). */
export interface TPublicPageLink {
  slug: string;
  title: string;
  is_standard: boolean;
  /** Storefront path: /about, /privacy, /terms or /p/:slug. */
  path: string;
}

/** A page as a guest reads it, in the visitor's language or, when that version is empty, the other one. */
export interface TPublicPage {
  slug: string;
  title: string;
  /** Sanitised on the server. */
  body_html: string;
  language: TCmsLanguage;
  /** True when the restaurant has not published this standard page and the platform's default text is shown. */
  is_default: boolean;
  updated_at: string | null;
}

export const ZPublicPageParams = z.object({ slug: z.string().trim().min(1).max(CMS_SLUG_MAX) });
