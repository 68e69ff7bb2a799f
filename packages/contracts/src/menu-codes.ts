/**
 * The codes the storefront's menu filters and sorts by, without Zod: the menu renders with its first load (issue #11
 * JavaScript budget). ordering.ts and storefront.ts re-export them next to the schemas that check them.
 */

/** The 14 allergens EU law (Regulation 1169/2011, Annex II) requires restaurants to declare. */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type TAllergen = (typeof ALLERGENS)[number];

/** Shown as icons on the storefront; guests filter the menu by them. */
export const DIET_TAGS = ['vegan', 'vegetarian', 'gluten_free', 'spicy'] as const;
export type TDietTag = (typeof DIET_TAGS)[number];

export const PRODUCT_SORTS = ['default', 'price_low_high', 'price_high_low', 'rating'] as const;
export type TProductSort = (typeof PRODUCT_SORTS)[number];
export const PAGE_SIZES = [6, 12, 24] as const;
