import { z } from './zod.ts';
import { MAX_GROUPS_PER_PRODUCT, zAllergens, zDietTags, type TAllergen, type TDietTag } from './ordering.ts';
import { MAX_STOCK_QUANTITY } from './stock.ts';
import { zOptionalText, zText, zUuid, zSearch } from './validation.ts';

/** Back-office menu management (categories and products). Money in integer minor units (cents). */

export const ZCategoryInput = z.object({
  name: zText(80),
  description: zOptionalText(500),
  is_active: z.boolean().default(true),
});
export type TCategoryInput = z.input<typeof ZCategoryInput>;

/** The full new order of a restaurant's categories (drag and drop): every id exactly once. */
export const ZCategoryReorder = z.object({ ids: z.array(zUuid).min(1).max(500) });

/** Deleting a category that still has products needs somewhere to move them. */
export const ZCategoryDeleteQuery = z.object({ move_to: zUuid.optional() });

export interface TCategory {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  sort_order: number;
  products_count: number;
}

export const MAX_PRICE_CENTS = 10_000_000;

export const ZProductInput = z.object({
  name: zText(120),
  description: zOptionalText(2000),
  price_cents: z.number().int().min(0).max(MAX_PRICE_CENTS),
  discount: z.number().int().min(0).max(100).default(0),
  category_id: zUuid,
  /** A URL returned by the image upload, or null for none. */
  image: z
    .string()
    .max(300)
    .regex(/^\/uploads\/[\w./-]+$/, { error: 'validation.invalid' })
    .nullable()
    .default(null),
  is_active: z.boolean().default(true),
  rating: z.number().min(0).max(5).default(0),
  sort_order: z.number().int().min(0).max(100_000).default(0),
  track_stock: z.boolean().default(false),
  stock_quantity: z.number().int().min(0).max(MAX_STOCK_QUANTITY).default(0),
  low_stock_threshold: z.number().int().min(0).max(MAX_STOCK_QUANTITY).default(0),
  allergens: zAllergens,
  diet_tags: zDietTags,
  /** Null: the restaurant's default tax rate. */
  tax_rate_id: zUuid.nullable().default(null),
  /** The shared option groups the dish offers, in order. */
  option_group_ids: z
    .array(zUuid)
    .max(MAX_GROUPS_PER_PRODUCT)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.invalid' }),
});
export type TProductInput = z.input<typeof ZProductInput>;

export const PRODUCT_ADMIN_SORTS = ['sort_order', 'name', 'price', 'created_at', 'stock'] as const;
export const ZAdminProductsQuery = z.object({
  search: zSearch(),
  category_id: zUuid.optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  sort: z.enum(PRODUCT_ADMIN_SORTS).default('sort_order'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
});
/** What a client sends (page numbers as numbers; the server also accepts them as query-string text). */
export type TAdminProductsQuery = Omit<z.input<typeof ZAdminProductsQuery>, 'page' | 'per_page'> & { page?: number; per_page?: number };

export interface TAdminProduct {
  id: string;
  name: string;
  description: string | null;
  price_cents: number;
  discount: number;
  final_price_cents: number;
  category_id: string;
  category: { name: string; is_active: boolean };
  image: string | null;
  is_active: boolean;
  rating: number;
  sort_order: number;
  track_stock: boolean;
  stock_quantity: number;
  low_stock_threshold: number;
  allergens: TAllergen[];
  diet_tags: TDietTag[];
  tax_rate_id: string | null;
  option_group_ids: string[];
  created_at: string;
  updated_at: string;
}

export const ZBulkProductStatus = z.object({ ids: z.array(zUuid).min(1).max(200), is_active: z.boolean() });

/** Image uploads: checked by content, resized, stored as WebP. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export interface TUploadedImage {
  /** The 640px version; `srcset` lists every width. */
  url: string;
  srcset: string;
}

/** Answer of PATCH /api/tenant/products/bulk-status: how many of the restaurant's products changed. */
export interface TBulkProductStatusResult {
  updated: number;
}
