import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import type { TPage } from '@tavolo/contracts/envelope';
import {
  MAX_STOCK_QUANTITY,
  stockStatus,
  type TStockAdjustmentResult,
  type TStockLevel,
  type TStockMovement,
  type ZStockAdjustment,
  type ZStockHistoryQuery,
  type ZStockQuery,
} from '@tavolo/contracts/stock';
import type { Db } from '../../db/client.ts';
import { createStockRepo, type StockReason, type StockRepo } from './stock.repo.ts';

type Adjustment = z.output<typeof ZStockAdjustment>;
type StockQuery = z.output<typeof ZStockQuery>;
type HistoryQuery = z.output<typeof ZStockHistoryQuery>;

type LevelRow = NonNullable<Awaited<ReturnType<StockRepo['level']>>>;
type MovementRow = NonNullable<Awaited<ReturnType<StockRepo['movement']>>>;

function toLevel(r: LevelRow): TStockLevel {
  return {
    product_id: r.id,
    name: r.name,
    category: { name: r.categoryName },
    image: r.image,
    track_stock: r.trackStock,
    stock_quantity: r.stockQuantity,
    low_stock_threshold: r.lowStockThreshold,
    status: stockStatus(r.trackStock, r.stockQuantity, r.lowStockThreshold),
  };
}

function toMovement(r: MovementRow): TStockMovement {
  return {
    id: r.id,
    delta: r.delta,
    quantity_after: r.quantityAfter,
    reason: r.reason,
    note: r.note,
    user_name: r.userName ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

const page = <T>(data: T[], total: number, query: { page: number; per_page: number }): TPage<T> => ({
  data,
  total,
  per_page: query.per_page,
  current_page: query.page,
  last_page: Math.max(1, Math.ceil(total / query.per_page)),
});

/**
 * Moves a tracked product's stock by `delta` and records the movement. Call it inside a transaction
 * (an order calls it inside its own, once per line): the product row stays locked (`FOR UPDATE`) until
 * that transaction ends, so concurrent moves queue up and the level can never go below 0.
 * Throws 404 for an unknown (or another tenant's) product and 422 when the product is not tracked or
 * the move would take it below 0; the caller's transaction then rolls back.
 */
export async function moveStock(
  tx: Db,
  tenantId: string,
  productId: string,
  delta: number,
  reason: StockReason,
  userId?: string | null,
  note?: string | null,
): Promise<{ movementId: string; quantityAfter: number }> {
  const repo = createStockRepo(tx);
  const product = await repo.lockProduct(tenantId, productId);
  if (!product) throw new AppError('NOT_FOUND');
  if (!product.trackStock) throw new AppError('VALIDATION', 'validation.stock_untracked', { delta: ['validation.stock_untracked'] });
  const quantityAfter = product.stockQuantity + delta;
  if (quantityAfter < 0) {
    throw new AppError('VALIDATION', 'validation.stock_negative', { delta: ['validation.stock_negative'] }, { current: product.stockQuantity });
  }
  // A cancelled order always gets its stock back; a person's restock stops at the most a product holds.
  if (quantityAfter > MAX_STOCK_QUANTITY && delta > 0 && reason !== 'order_cancelled') {
    throw new AppError('VALIDATION', 'validation.stock_too_high', { delta: ['validation.stock_too_high'] }, { current: product.stockQuantity, maximum: MAX_STOCK_QUANTITY });
  }
  await repo.setQuantity(tenantId, productId, quantityAfter);
  const movementId = await repo.insertMovement({ tenantId, productId, delta, quantityAfter, reason, note: note ?? null, userId: userId ?? null });
  return { movementId, quantityAfter };
}

export function createStockService(deps: { db: Db }) {
  const repo = createStockRepo(deps.db);
  return {
    async listLevels(tenantId: string, query: StockQuery): Promise<TPage<TStockLevel>> {
      const { rows, total } = await repo.listLevels(tenantId, query);
      return page(rows.map(toLevel), total, query);
    },

    /** A person's adjustment from the dashboard: one transaction with the product row locked. */
    async adjust(tenantId: string, productId: string, input: Adjustment, userId: string): Promise<TStockAdjustmentResult> {
      return deps.db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const { movementId } = await moveStock(tx, tenantId, productId, input.delta, input.reason, userId, input.note ?? null);
        const txRepo = createStockRepo(tx);
        const [level, movement] = [await txRepo.level(tenantId, productId), await txRepo.movement(tenantId, movementId)];
        return { level: toLevel(level!), movement: toMovement(movement!) };
      });
    },

    async listMovements(tenantId: string, productId: string, query: HistoryQuery): Promise<TPage<TStockMovement>> {
      if (!(await repo.productExists(tenantId, productId))) throw new AppError('NOT_FOUND');
      const { rows, total } = await repo.listMovements(tenantId, productId, query);
      return page(rows.map(toMovement), total, query);
    },
  };
}
export type StockService = ReturnType<typeof createStockService>;
