import { z } from './zod.ts';
import { MAX_PRICE_CENTS } from './menu.ts';
import { ZOpeningHours, type TOpeningDay } from './settings.ts';
import { zText } from './validation.ts';

/** Sign-up by importing a restaurant's public page (issue #8): POST /api/tenant-register/import, then the sign-up. */

export const IMPORT_MAX_SECTIONS = 30;
/** Hard bound of one import whatever the plan; the plan's product limit applies below it. */
export const IMPORT_MAX_ITEMS = 500;
export const IMPORT_URL_MAX = 2000;

export const ZImportRequest = z.object({ url: z.string().trim().min(1).max(IMPORT_URL_MAX) });
export type TImportRequest = z.input<typeof ZImportRequest>;

const zNullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const ZImportedItem = z.object({
  name: zText(120),
  description: zNullableText(2000),
  price_cents: z.number().int().min(0).max(MAX_PRICE_CENTS),
});
export type TImportedItem = z.output<typeof ZImportedItem>;

export const ZImportedSection = z.object({
  name: zText(80),
  items: z.array(ZImportedItem).max(IMPORT_MAX_ITEMS),
});
export type TImportedSection = z.output<typeof ZImportedSection>;

/** Sections of one name (any case) as one, in the first one's place: a restaurant's category names are unique. */
export function mergeSameNamed(sections: TImportedSection[]): TImportedSection[] {
  const byName = new Map<string, TImportedSection>();
  for (const section of sections) {
    const first = byName.get(section.name.toLowerCase());
    if (first) first.items = [...first.items, ...section.items];
    else byName.set(section.name.toLowerCase(), { ...section });
  }
  return [...byName.values()];
}

/** What the sign-up takes along from a reviewed import; the server checks it again and never trusts the preview. */
export const ZImportPayload = z.object({
  sections: z.array(ZImportedSection).max(IMPORT_MAX_SECTIONS).default([]).transform(mergeSameNamed),
  opening_hours: ZOpeningHours.nullish().transform((v) => v ?? null),
  description: zNullableText(1000),
  /** ISO 4217 code of the menu's prices (EUR), when the page named one. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'validation.invalid' })
    .nullish()
    .transform((v) => v ?? null),
  /** The page's logo, fetched (safely) after the sign-up. */
  logo_url: z
    .string()
    .max(IMPORT_URL_MAX)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { error: 'validation.url' })
    .nullish()
    .transform((v) => v ?? null),
});
export type TImportPayload = z.input<typeof ZImportPayload>;

/** The sign-up form's fields the page filled (empty strings where it said nothing). */
export interface TImportedRestaurant {
  restaurant_name: string;
  email: string;
  phone: string;
  address: string;
  street: string;
  postal_code: string;
  city: string;
  state: string;
  country: string;
  /** A free sub-domain suggested from the name ('' when none could be made). */
  domain: string;
}

/** What the owner reviews before anything is saved. */
export interface TImportPreview {
  source_url: string;
  restaurant: TImportedRestaurant;
  description: string | null;
  cuisine: string | null;
  opening_hours: TOpeningDay[] | null;
  logo_url: string | null;
  currency: string | null;
  sections: TImportedSection[];
  /** Dishes taken along (after the plan's limit) and found on the page. */
  items_count: number;
  items_found: number;
  /** Translated notes: what was left out or guessed. */
  warnings: string[];
}
