import { z } from './zod.ts';
import { zSearch, zUuid } from './validation.ts';
import { ALLERGENS, DIET_TAGS, PRODUCT_SORTS, type TAllergen, type TDietTag } from './menu-codes.ts';

export { PAGE_SIZES, PRODUCT_SORTS, type TProductSort } from './menu-codes.ts';
// Zod-free, for the storefront's first load (a card's price); here too for the server's imports.
export { discounted, lowestPriceCents } from './cart.ts';

/** A comma-separated list of codes in a query string ("vegan,spicy"); each must be one of `codes`. */
const zCodeList = <T extends readonly [string, ...string[]]>(codes: T) =>
  z
    .string()
    .max(300)
    .transform((v) => [...new Set(v.split(',').map((c) => c.trim()).filter(Boolean))])
    .refine((list) => list.every((c) => (codes as readonly string[]).includes(c)), { error: 'validation.invalid' })
    .transform((list) => list as T[number][])
    .optional();

export const ZPublicProductsQuery = z.object({
  category_id: zUuid.optional(),
  sort: z.enum(PRODUCT_SORTS).default('default'),
  search: zSearch(),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  per_page: z.coerce.number().int().min(1).max(48).default(12),
  is_active: z.string().max(5).optional(),
  /** Diet tags the dish must all have (comma list of DIET_TAGS). */
  diet: zCodeList(DIET_TAGS),
  /** Allergens the dish must have none of (comma list of ALLERGENS). */
  allergen_free: zCodeList(ALLERGENS),
});
export type TPublicProductsQuery = z.input<typeof ZPublicProductsQuery>;

export interface TPublicSettings {
  email: string;
  phone: string;
  discount: number;
  description: string | null;
  address: string;
  currency_symbol: string;
  facebook_link: string | null;
  twitter_link: string | null;
  linkedin_link: string | null;
  google_plus_link: string | null;
  instagram_link: string | null;
}

export interface TTenantDetails {
  logo: string | null;
  business_name: string;
  is_active: boolean;
  address: string;
  country: string;
  pickup_start_end_time: string | null;
  currency_symbol: string;
  /** Inside today's opening hours right now, in the restaurant's time zone (the badge needs is_active too). */
  open_now: boolean;
  /** Today's hours, or null when the restaurant is closed all day. */
  today_hours: { open: string; close: string } | null;
  /** Set while staff paused online orders because the kitchen is busy; they resume by themselves then. */
  paused_until: string | null;
  /** The restaurant's time zone (the pause's end is shown on its clock). */
  time_zone: string;
}

export interface TPublicCategory {
  id: string;
  name: string;
}

/** Prices in minor units; `final_price_cents` is computed by the server with the product discount applied. */
export interface TPublicProduct {
  id: string;
  name: string;
  description: string | null;
  price_cents: number;
  discount: number;
  final_price_cents: number;
  image: string | null;
  category_id: string;
  category: { name: string };
  is_active: boolean;
  available: boolean;
  rating: number;
  allergens: TAllergen[];
  diet_tags: TDietTag[];
  /** The choices the guest makes when adding it (only active options); empty: added straight away. */
  option_groups: TPublicOptionGroup[];
}

/** An option group as the storefront shows it. */
export interface TPublicOptionGroup {
  id: string;
  name: string;
  min_select: number;
  max_select: number;
  options: { id: string; name: string; price_delta_cents: number }[];
}
