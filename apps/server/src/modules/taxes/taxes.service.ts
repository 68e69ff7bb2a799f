import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import type { TTaxRate, TTaxSettings, ZTaxRateInput } from '@tavolo/contracts/ordering';
import type { Db } from '../../db/client.ts';
import { createTaxesRepo, inTaxesTransaction, type TaxRateRow } from './taxes.repo.ts';

type TaxRateInput = z.output<typeof ZTaxRateInput>;

export function toTaxRate({ rate, productsCount }: { rate: TaxRateRow; productsCount: number }): TTaxRate {
  return { id: rate.id, name: rate.name, rate_millipercent: rate.rateMillipercent, is_default: rate.isDefault, products_count: productsCount };
}

/**
 * The restaurant's tax rates and whether menu prices include tax. Once any rate exists exactly one is the
 * default (products without a rate of their own and the delivery fee use it): the first rate becomes it,
 * making another the default takes the flag off the old one, and the default can be deleted only as the last
 * rate. Every write runs in one transaction under the restaurant's lock, so two saves cannot leave two
 * defaults or none.
 */
export function createTaxesService(deps: { db: Db }) {
  const repo = createTaxesRepo(deps.db);

  return {
    list: async (tenantId: string): Promise<TTaxRate[]> => (await repo.list(tenantId)).map(toTaxRate),

    create: (tenantId: string, input: TaxRateInput): Promise<TTaxRate> =>
      inTaxesTransaction(deps.db, async (tx) => {
        await tx.lock(tenantId);
        const isDefault = input.is_default || (await tx.rates(tenantId)).length === 0;
        if (isDefault) await tx.clearDefault(tenantId);
        const id = await tx.insert(tenantId, { name: input.name, rateMillipercent: input.rate_millipercent, isDefault });
        return toTaxRate((await tx.get(tenantId, id))!);
      }),

    update: (tenantId: string, id: string, input: TaxRateInput): Promise<TTaxRate> =>
      inTaxesTransaction(deps.db, async (tx) => {
        await tx.lock(tenantId);
        const current = (await tx.rates(tenantId)).find((r) => r.id === id);
        if (!current) throw new AppError('NOT_FOUND');
        // The default stays the default until another rate takes it over.
        if (current.isDefault && !input.is_default) throw new AppError('VALIDATION', 'errors.validation', { is_default: ['ordering.taxes.default_required'] });
        if (input.is_default) await tx.clearDefault(tenantId, id);
        await tx.update(tenantId, id, { name: input.name, rateMillipercent: input.rate_millipercent, isDefault: current.isDefault || input.is_default });
        return toTaxRate((await tx.get(tenantId, id))!);
      }),

    /** Its products fall back to the default rate; the default itself goes only as the last rate. */
    remove: (tenantId: string, id: string): Promise<void> =>
      inTaxesTransaction(deps.db, async (tx) => {
        await tx.lock(tenantId);
        const rates = await tx.rates(tenantId);
        const current = rates.find((r) => r.id === id);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.isDefault && rates.length > 1) throw new AppError('VALIDATION', 'ordering.taxes.default_delete');
        await tx.releaseProducts(tenantId, id);
        await tx.delete(tenantId, id);
      }),

    settings: async (tenantId: string): Promise<TTaxSettings> => ({ prices_include_tax: await repo.pricesIncludeTax(tenantId) }),

    async saveSettings(tenantId: string, input: TTaxSettings): Promise<TTaxSettings> {
      await repo.savePricesIncludeTax(tenantId, input.prices_include_tax);
      return { prices_include_tax: await repo.pricesIncludeTax(tenantId) };
    },
  };
}
export type TaxesService = ReturnType<typeof createTaxesService>;
