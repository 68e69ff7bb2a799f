import type { z } from 'zod';
import type { TPage } from '@tavolo/contracts/envelope';
import { AppError } from '@tavolo/contracts/errors';
import type { TCoupon, ZCouponInput, ZCouponsQuery } from '@tavolo/contracts/ordering';
import type { Db } from '../../db/client.ts';
import { createCouponsRepo, inCouponsTransaction, type CouponRow, type CouponValues } from './coupons.repo.ts';
import { unlessTaken } from '../../db/unique-violation.ts';

type CouponInput = z.output<typeof ZCouponInput>;
type CouponsQuery = z.output<typeof ZCouponsQuery>;

const CODE_TAKEN = 'ordering.coupons.code_taken';
const codeTaken = () => new AppError('VALIDATION', 'errors.validation', { code: [CODE_TAKEN] });

/** Two saves racing for one code: the unique index decides, the loser gets the same field error as the check. */
const guardCode = <T>(fn: () => Promise<T>) => unlessTaken(fn, codeTaken);

export function toCoupon({ coupon: c, uses }: { coupon: CouponRow; uses: number }): TCoupon {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    value: c.value,
    min_order_cents: c.minOrderCents,
    valid_from: c.validFrom,
    valid_until: c.validUntil,
    max_uses: c.maxUses,
    max_uses_per_customer: c.maxUsesPerCustomer,
    is_active: c.isActive,
    uses,
    created_at: c.createdAt.toISOString(),
  };
}

/** The schema already upper-cased the code (zCouponCode). */
const values = (input: CouponInput): CouponValues => ({
  code: input.code,
  kind: input.kind,
  value: input.value,
  minOrderCents: input.min_order_cents,
  validFrom: input.valid_from,
  validUntil: input.valid_until,
  maxUses: input.max_uses,
  maxUsesPerCustomer: input.max_uses_per_customer,
  isActive: input.is_active,
});

/**
 * Staff manage the restaurant's coupons here; the checkout checks and redeems them (orders/coupon-check.ts).
 * Deleting a coupon with uses is allowed: its orders keep the code and the discount they got.
 */
export function createCouponsService(deps: { db: Db }) {
  const repo = createCouponsRepo(deps.db);

  return {
    async list(tenantId: string, query: CouponsQuery): Promise<TPage<TCoupon>> {
      const { rows, total } = await repo.list(tenantId, query);
      return { data: rows.map(toCoupon), total, per_page: query.per_page, current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.per_page)) };
    },

    create: (tenantId: string, input: CouponInput): Promise<TCoupon> =>
      guardCode(() =>
        inCouponsTransaction(deps.db, async (tx) => {
          if (await tx.codeTaken(tenantId, input.code)) throw codeTaken();
          const id = await tx.insert(tenantId, values(input));
          return toCoupon((await tx.get(tenantId, id))!);
        }),
      ),

    update: (tenantId: string, id: string, input: CouponInput): Promise<TCoupon> =>
      guardCode(() =>
        inCouponsTransaction(deps.db, async (tx) => {
          if (!(await tx.exists(tenantId, id))) throw new AppError('NOT_FOUND');
          if (await tx.codeTaken(tenantId, input.code, id)) throw codeTaken();
          await tx.update(tenantId, id, values(input));
          return toCoupon((await tx.get(tenantId, id))!);
        }),
      ),

    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await repo.delete(tenantId, id))) throw new AppError('NOT_FOUND');
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
