import { CURRENCY_SYMBOLS, ZCurrency } from '@tavolo/contracts/currencies';
import { AppError } from '@tavolo/contracts/errors';
import { translate, type TLanguage } from '@tavolo/contracts/i18n';
import { IMPORT_MAX_ITEMS, mergeSameNamed, type TImportPreview, type ZImportPayload } from '@tavolo/contracts/listing-import';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import { zEmail, zPhone } from '@tavolo/contracts/validation';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { storeWebpImage } from '../../lib/image-upload.ts';
import { SafeFetchError, bodyText, safeFetch, type Lookup } from '../../lib/safe-fetch.ts';
import type { PlansService } from '../plans/plans.service.ts';
import { jsonLdNodes, readListing } from './listing-import.parse.ts';
import { createListingImportRepo } from './listing-import.repo.ts';
import type { UploadsStore } from '../../lib/uploads/index.ts';

type ImportPayload = z.output<typeof ZImportPayload>;

export const LOGO_WIDTHS = [128, 256] as const;
/** The logo is fetched after the sign-up answered: a slow image host must not hold up the new owner for long. */
const LOGO_TIMEOUT_MS = 5000;

/** A sub-domain from a name ("Café Müller & Söhne" -> "cafe-mueller-soehne"), as the web form suggests it. */
export function slugify(name: string): string {
  const german: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => german[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** "Japanese yen (JPY)" in the owner's language, for the note on a currency we do not support. */
function currencyName(code: string, lang: TLanguage): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'currency' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const urlError = (problem: string) => new AppError('VALIDATION', undefined, { url: [`listing_import.errors.${problem}`] });

export function createListingImportService(deps: {
  db: Db;
  plans: PlansService;
  /** Where uploaded images are written and removed (local disk or S3). */
  uploads: UploadsStore;
  /** Test-only: fixture pages on 127.0.0.1. */
  allowPrivate: boolean;
  lookup?: Lookup;
  /** Is this sub-domain free? (the registration's own check) */
  checkDomain: (domain: string) => Promise<{ available: boolean }>;
  log?: { warn(obj: unknown, msg?: string): void };
}) {
  const repo = createListingImportRepo(deps.db);
  const fetchOptions = { allowAddress: deps.allowPrivate ? () => true : undefined, lookup: deps.lookup };

  /** The free plan's product limit (read from the plans table), bounded by what one import takes at all. */
  async function itemLimit(): Promise<number> {
    const free = await deps.plans.repo.byId('free');
    return Math.min(free?.maxProducts ?? IMPORT_MAX_ITEMS, IMPORT_MAX_ITEMS);
  }

  async function suggestDomain(name: string | null, city: string | null): Promise<string> {
    const base = slugify(name ?? '');
    if (base.length < 3) return '';
    const candidates = [base, city ? slugify(`${base}-${city}`) : null, ...[2, 3, 4, 5].map((n) => `${base.slice(0, 37)}-${n}`)];
    for (const candidate of candidates) if (candidate && (await deps.checkDomain(candidate)).available) return candidate;
    return '';
  }

  return {
    /** Fetches the page and reads it; nothing is saved. 422 on `url` when the page cannot be read or says nothing useful. */
    async preview(rawUrl: string, lang: TLanguage): Promise<TImportPreview> {
      let page;
      try {
        page = await safeFetch(rawUrl, fetchOptions);
      } catch (error) {
        if (error instanceof SafeFetchError) throw urlError(error.problem);
        throw urlError('unreachable');
      }
      const { nodes, invalidBlocks } = jsonLdNodes(bodyText(page), page.contentType);
      const listing = readListing(nodes, { maxItems: await itemLimit(), lang });
      if (!listing || (!listing.name && listing.sections.length === 0)) throw urlError('no_data');

      const warnings = [...listing.warnings];
      if (invalidBlocks) warnings.unshift({ key: 'listing_import.warnings.invalid_block', params: { count: invalidBlocks } });
      // Only values the sign-up form would accept are filled in; the rest is left for the owner.
      const phone = listing.telephone && zPhone.safeParse(listing.telephone).success ? listing.telephone : '';
      if (listing.telephone && !phone) warnings.push({ key: 'listing_import.warnings.phone_unusable' });
      const email = listing.email && zEmail.safeParse(listing.email).success ? listing.email.toLowerCase() : '';
      if (listing.sections.length === 0) warnings.push({ key: 'listing_import.warnings.no_menu' });
      if (!listing.openingHours) warnings.push({ key: 'listing_import.warnings.no_hours' });
      // The sign-up form keeps its own currency then (the preview still shows the page's prices in theirs).
      if (listing.currency && !ZCurrency.safeParse(listing.currency).success) {
        warnings.push({ key: 'listing_import.warnings.currency_unsupported', params: { currency: currencyName(listing.currency, lang) } });
      }
      const a = listing.address;
      return {
        source_url: page.url,
        restaurant: {
          restaurant_name: listing.name ?? '',
          email,
          phone,
          address: a.street ?? '',
          street: '',
          postal_code: a.postalCode ?? '',
          city: a.locality ?? '',
          state: a.region ?? '',
          country: a.country ?? '',
          domain: await suggestDomain(listing.name, a.locality),
        },
        description: listing.description,
        cuisine: listing.cuisine,
        opening_hours: listing.openingHours,
        logo_url: listing.logo,
        currency: listing.currency,
        sections: mergeSameNamed(listing.sections),
        items_count: listing.sections.reduce((n, s) => n + s.items.length, 0),
        items_found: listing.itemsFound,
        warnings: warnings.map((w) => translate(lang, w.key, w.params)),
      };
    },

    /**
     * Inside the sign-up's transaction: the reviewed menu (within the plan's product limit, checked on the tenant's
     * locked row like any product write), the hours, description and currency. A failure undoes the whole sign-up.
     */
    async apply(tx: Db, tenantId: string, payload: ImportPayload) {
      const count = payload.sections.reduce((n, s) => n + s.items.length, 0);
      if (count > 0) await deps.plans.assertWithinLimit(tx, tenantId, 'products', count);
      await repo.createMenu(tx, tenantId, payload.sections);
      // Only a currency the settings can hold (a page in yen keeps the sign-up's), with the symbol the sign-up gives it.
      const currency = ZCurrency.safeParse(payload.currency);
      await repo.updateSettings(tx, tenantId, {
        ...(payload.opening_hours ? { openingHours: payload.opening_hours } : {}),
        ...(payload.description ? { description: payload.description } : {}),
        ...(currency.success ? { currencyCode: currency.data, currencySymbol: CURRENCY_SYMBOLS[currency.data] } : {}),
      });
    },

    /** After the sign-up committed: the page's logo through the safe fetch, stored like every other image. Best effort. */
    async importLogo(tenantId: string, logoUrl: string | null): Promise<boolean> {
      if (!logoUrl) return false;
      try {
        const image = await safeFetch(logoUrl, { ...fetchOptions, accept: ['image/'], maxBytes: IMAGE_MAX_BYTES, timeoutMs: LOGO_TIMEOUT_MS });
        const files = await storeWebpImage({ store: deps.uploads, tenantId, buffer: image.body, widths: LOGO_WIDTHS });
        await repo.setLogo(tenantId, files.at(-1)!.url);
        return true;
      } catch (error) {
        deps.log?.warn({ err: error, tenantId }, 'imported logo skipped');
        return false;
      }
    },
  };
}

export type ListingImportService = ReturnType<typeof createListingImportService>;
