import { z } from './zod.ts';
import { ZPageQuery } from './envelope.ts';
import { zOptionalText, zSearch } from './validation.ts';

/** Stock levels of tracked products and the movements that changed them. */

/** Reasons a person can give in the dashboard; 'order' and 'order_cancelled' are written by orders only. */
export const STOCK_ADJUSTMENT_REASONS = ['adjustment', 'restock', 'waste', 'correction'] as const;
export const STOCK_MOVEMENT_REASONS = [...STOCK_ADJUSTMENT_REASONS, 'order', 'order_cancelled'] as const;
export type TStockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];
export type TStockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

export const MAX_STOCK_DELTA = 1_000_000;
/** The most a product can hold: what its form accepts, so a restocked product can still be saved as it is. */
export const MAX_STOCK_QUANTITY = 1_000_000;

export const ZStockAdjustment = z.object({
  delta: z
    .number()
    .int()
    .min(-MAX_STOCK_DELTA)
    .max(MAX_STOCK_DELTA)
    .refine((n) => n !== 0, { error: 'validation.stock_delta_zero' }),
  reason: z.enum(STOCK_ADJUSTMENT_REASONS),
  note: zOptionalText(200),
});
export type TStockAdjustment = z.input<typeof ZStockAdjustment>;

export const STOCK_FILTERS = ['all', 'low', 'out'] as const;
export type TStockFilter = (typeof STOCK_FILTERS)[number];

export const ZStockQuery = ZPageQuery.extend({
  filter: z.enum(STOCK_FILTERS).default('all'),
  search: zSearch(),
});
export type TStockQuery = { filter?: TStockFilter; search?: string; page?: number; per_page?: number };

export const ZStockHistoryQuery = ZPageQuery;
export type TStockHistoryQuery = { page?: number; per_page?: number };

export type TStockStatus = 'ok' | 'low' | 'out' | 'untracked';

/** 'out' at 0, 'low' at or below the threshold, otherwise 'ok'; untracked products have no level. */
export function stockStatus(trackStock: boolean, quantity: number, lowThreshold: number): TStockStatus {
  if (!trackStock) return 'untracked';
  if (quantity <= 0) return 'out';
  if (quantity <= lowThreshold) return 'low';
  return 'ok';
}

export interface TStockLevel {
  product_id: string;
  name: string;
  category: { name: string };
  image: string | null;
  track_stock: boolean;
  stock_quantity: number;
  low_stock_threshold: number;
  status: TStockStatus;
}

export interface TStockMovement {
  id: string;
  delta: number;
  quantity_after: number;
  reason: TStockMovementReason;
  note: string | null;
  user_name: string | null;
  created_at: string;
}

/** Result of an adjustment: the product's new level and the movement written. */
export interface TStockAdjustmentResult {
  level: TStockLevel;
  movement: TStockMovement;
}
