import { servesGuests } from '@tavolo/contracts/tenant';
import type { z } from 'zod';
import {
  CMS_LANGUAGES,
  STANDARD_PAGE_SLUGS,
  isStandardPageSlug,
  publicPagePath,
  type TCmsLanguage,
  type TCmsPage,
  type TCmsPageSummary,
  type TPublicPage,
  type TPublicPageLink,
  type ZCmsPageInput,
} from '@tavolo/contracts/cms';
import { AppError } from '@tavolo/contracts/errors';
import type { Db } from '../../db/client.ts';
import { defaultPage } from './cms.defaults.ts';
import { createCmsRepo, inCmsTransaction, type PageWithTranslations, type TranslationValues } from './cms.repo.ts';
import { sanitizePageHtml } from './cms.sanitize.ts';
import { unlessTaken } from '../../db/unique-violation.ts';

type PageInput = z.output<typeof ZCmsPageInput>;

const slugError = (key: string) => new AppError('CONFLICT', 'errors.validation', { slug: [key] });

const emptyTranslations = (): TCmsPage['translations'] => ({ en: { title: '', body_html: '' }, de: { title: '', body_html: '' } });

function toPage({ page, translations }: PageWithTranslations): TCmsPage {
  const out = emptyTranslations();
  for (const t of translations) if (t.language === 'en' || t.language === 'de') out[t.language] = { title: t.title, body_html: t.bodyHtml };
  return {
    id: page.id,
    slug: page.slug,
    is_standard: isStandardPageSlug(page.slug),
    is_published: page.isPublished,
    sort_order: page.sortOrder,
    translations: out,
    created_at: page.createdAt.toISOString(),
    updated_at: page.updatedAt.toISOString(),
  };
}

/** The language version a visitor reads: their own when it has a title, otherwise the other one. */
function pickVersion(page: TCmsPage, lang: TCmsLanguage): { language: TCmsLanguage; title: string; body_html: string } | undefined {
  const order = [lang, ...CMS_LANGUAGES.filter((l) => l !== lang)];
  for (const language of order) {
    const t = page.translations[language];
    if (t.title) return { language, ...t };
  }
  return undefined;
}

/**
 * Content pages of a restaurant. Bodies are sanitised here, before they are stored, so every reader
 * (dashboard and storefront) gets safe HTML. A page and its language versions are written in one transaction.
 */
export function createCmsService(deps: { db: Db }) {
  const repo = createCmsRepo(deps.db);

  const translationValues = (input: PageInput): TranslationValues[] =>
    CMS_LANGUAGES.flatMap((language) => {
      const t = input.translations[language];
      return t.title ? [{ language, title: t.title, bodyHtml: sanitizePageHtml(t.body_html) }] : [];
    });

  const load = async (tenantId: string, id: string) => {
    const row = await repo.byId(tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toPage(row);
  };

  const facts = async (tenantId: string) => {
    const row = await repo.restaurant(tenantId);
    if (!row) throw new AppError('TENANT_NOT_FOUND');
    const { status, pickup, delivery, ...facts } = row;
    return { ...facts, online: servesGuests(status) ? { pickup: pickup ?? true, delivery: delivery ?? false } : null };
  };

  /** Turns the race of two saves with one slug into the same answer as the check before it. */
  const guardSlug = <T>(fn: () => Promise<T>) => unlessTaken(fn, () => slugError('validation.slug_taken'));

  return {
    /** Every page; the standard pages come first and are listed even before they are written (id null). */
    async list(tenantId: string): Promise<TCmsPageSummary[]> {
      const pages = (await repo.list(tenantId)).map(toPage);
      const bySlug = new Map(pages.map((p) => [p.slug, p]));
      const summary = (p: TCmsPage): TCmsPageSummary => ({
        id: p.id,
        slug: p.slug,
        is_standard: p.is_standard,
        is_published: p.is_published,
        sort_order: p.sort_order,
        titles: { en: p.translations.en.title, de: p.translations.de.title },
        updated_at: p.updated_at,
      });
      const standard = STANDARD_PAGE_SLUGS.map((slug): TCmsPageSummary => {
        const page = bySlug.get(slug);
        return page
          ? summary(page)
          : { id: null, slug, is_standard: true, is_published: false, sort_order: 0, titles: { en: '', de: '' }, updated_at: null };
      });
      return [...standard, ...pages.filter((p) => !p.is_standard).map(summary)];
    },

    get: load,

    async create(tenantId: string, input: PageInput): Promise<TCmsPage> {
      const id = await guardSlug(() =>
        inCmsTransaction(deps.db, async (tx) => {
          if (await tx.slugTaken(tenantId, input.slug)) throw slugError('validation.slug_taken');
          const pageId = await tx.insertPage(tenantId, { slug: input.slug, isPublished: input.is_published, sortOrder: input.sort_order });
          await tx.replaceTranslations(tenantId, pageId, translationValues(input));
          return pageId;
        }),
      );
      return load(tenantId, id);
    },

    async update(tenantId: string, id: string, input: PageInput): Promise<TCmsPage> {
      await guardSlug(() =>
        inCmsTransaction(deps.db, async (tx) => {
          const current = await tx.byId(tenantId, id);
          if (!current) throw new AppError('NOT_FOUND');
          // The storefront links the standard pages by their slug; renaming one would break those links.
          if (isStandardPageSlug(current.page.slug) && input.slug !== current.page.slug) {
            throw new AppError('VALIDATION', undefined, { slug: ['validation.slug_fixed'] });
          }
          if (await tx.slugTaken(tenantId, input.slug, id)) throw slugError('validation.slug_taken');
          await tx.updatePage(tenantId, id, { slug: input.slug, isPublished: input.is_published, sortOrder: input.sort_order });
          await tx.replaceTranslations(tenantId, id, translationValues(input));
        }),
      );
      return load(tenantId, id);
    },

    async remove(tenantId: string, id: string): Promise<void> {
      const current = await repo.byId(tenantId, id);
      if (!current) throw new AppError('NOT_FOUND');
      if (isStandardPageSlug(current.page.slug)) throw new AppError('VALIDATION', 'errors.standard_page_delete');
      if (!(await repo.deletePage(tenantId, id))) throw new AppError('NOT_FOUND');
    },

    /** Footer links: the three standard pages always (default text when unpublished), then published custom pages. */
    async publicLinks(tenantId: string, lang: TCmsLanguage): Promise<TPublicPageLink[]> {
      const published = (await repo.list(tenantId, { publishedOnly: true })).map(toPage);
      const bySlug = new Map(published.map((p) => [p.slug, p]));
      let restaurant: Awaited<ReturnType<typeof facts>> | undefined;
      const links: TPublicPageLink[] = [];
      for (const slug of STANDARD_PAGE_SLUGS) {
        const page = bySlug.get(slug);
        const version = page && pickVersion(page, lang);
        const title = version ? version.title : defaultPage(slug, lang, (restaurant ??= await facts(tenantId))).title;
        links.push({ slug, title, is_standard: true, path: publicPagePath(slug) });
      }
      for (const page of published) {
        if (page.is_standard) continue;
        const version = pickVersion(page, lang);
        if (version) links.push({ slug: page.slug, title: version.title, is_standard: false, path: publicPagePath(page.slug) });
      }
      return links;
    },

    /** A published page in the visitor's language; a standard page falls back to the default text. */
    async publicPage(tenantId: string, slug: string, lang: TCmsLanguage): Promise<TPublicPage> {
      const row = await repo.bySlug(tenantId, slug);
      const page = row && row.page.isPublished ? toPage(row) : undefined;
      const version = page && pickVersion(page, lang);
      if (page && version) return { slug, ...version, is_default: false, updated_at: page.updated_at };
      if (!isStandardPageSlug(slug)) throw new AppError('NOT_FOUND');
      return { slug, ...defaultPage(slug, lang, await facts(tenantId)), language: lang, is_default: true, updated_at: null };
    },
  };
}
export type CmsService = ReturnType<typeof createCmsService>;
