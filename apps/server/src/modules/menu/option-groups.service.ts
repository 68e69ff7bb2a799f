import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import { cheapestChoices } from '@tavolo/contracts/cart';
import type { TOptionGroup, ZOptionGroupInput } from '@tavolo/contracts/ordering';
import type { Db } from '../../db/client.ts';
import { createOptionGroupsRepo, type OptionGroupsRepo } from './option-groups.repo.ts';
import { unlessTaken } from '../../db/unique-violation.ts';

type GroupInput = z.output<typeof ZOptionGroupInput>;
type GroupRow = Awaited<ReturnType<OptionGroupsRepo['list']>>[number];

const nameTaken = () => new AppError('VALIDATION', undefined, { name: ['ordering.options.name_taken'] });

/** Whether a dish of this price, with the cheapest choices its groups' offered options allow, would cost less than 0. */
export function costsLessThanNothing(priceCents: number, groups: readonly Pick<TOptionGroup, 'min_select' | 'max_select' | 'options'>[]): boolean {
  const offered = groups.map((g) => ({ ...g, options: g.options.filter((o) => o.is_active) }));
  return priceCents + cheapestChoices(offered).reduce((sum, delta) => sum + delta, 0) < 0;
}

export function toOptionGroup(g: GroupRow): TOptionGroup {
  return {
    id: g.id,
    name: g.name,
    min_select: g.minSelect,
    max_select: g.maxSelect,
    options: g.options.map((o) => ({ id: o.id, name: o.name, price_delta_cents: o.priceDeltaCents, is_active: o.isActive })),
    products_count: Number(g.productsCount),
  };
}

/** Shared option groups ("Size", "Extras") of a restaurant; a group and its options are saved together. */
export function createOptionGroupsService(deps: { db: Db }) {
  const repo = createOptionGroupsRepo(deps.db);

  const inTx = <T>(fn: (tx: OptionGroupsRepo) => Promise<T>) => deps.db.transaction((tx) => fn(createOptionGroupsRepo(tx as unknown as Db)));

  const load = async (tenantId: string, id: string): Promise<TOptionGroup> => {
    const [row] = await repo.list(tenantId, [id]);
    if (!row) throw new AppError('NOT_FOUND');
    return toOptionGroup(row);
  };

  const values = (input: GroupInput) => ({ name: input.name, minSelect: input.min_select, maxSelect: input.max_select });
  const options = (input: GroupInput) => input.options.map((o) => ({ id: o.id, name: o.name, priceDeltaCents: o.price_delta_cents, isActive: o.is_active }));

  /**
   * After the options changed (in the save's transaction): no dish offering the group may now cost less than nothing
   * with its cheapest choices. Named at the group's largest reduction.
   */
  const refuseBelowZero = async (tx: OptionGroupsRepo, tenantId: string, id: string, input: GroupInput) => {
    const dishes = await tx.productsOffering(tenantId, id);
    if (!dishes.length) return;
    const groupIds = await tx.groupIdsOf(tenantId, dishes.map((d) => d.id));
    const byId = new Map((await tx.list(tenantId, [...new Set([...groupIds.values()].flat())])).map((g) => [g.id, toOptionGroup(g)]));
    const dish = dishes.find((d) => costsLessThanNothing(d.priceCents, (groupIds.get(d.id) ?? []).flatMap((g) => byId.get(g) ?? [])));
    if (!dish) return;
    const deltas = input.options.map((o) => o.price_delta_cents);
    const largest = deltas.indexOf(Math.min(...deltas));
    throw new AppError('VALIDATION', undefined, { [`options.${largest}.price_delta_cents`]: ['ordering.options.below_zero_product'] }, { product: dish.name });
  };

  /** A unique-name violation becomes a field error on name. */
  const saving = <T>(fn: () => Promise<T>) => unlessTaken(fn, nameTaken);

  return {
    async list(tenantId: string): Promise<TOptionGroup[]> {
      return (await repo.list(tenantId)).map(toOptionGroup);
    },

    async create(tenantId: string, input: GroupInput): Promise<TOptionGroup> {
      const given = input.options.findIndex((o) => o.id !== undefined);
      if (given >= 0) throw new AppError('VALIDATION', undefined, { [`options.${given}.id`]: ['validation.invalid'] });
      const id = await saving(() =>
        inTx(async (tx) => {
          const groupId = await tx.insertGroup(tenantId, values(input));
          await tx.replaceOptions(tenantId, groupId, options(input));
          return groupId;
        }),
      );
      return load(tenantId, id);
    },

    /** The options sent replace the old ones: those sent with an id keep it (and stay in carts), others are new. */
    async update(tenantId: string, id: string, input: GroupInput): Promise<TOptionGroup> {
      await saving(() =>
        inTx(async (tx) => {
          if (!(await tx.updateGroup(tenantId, id, values(input)))) throw new AppError('NOT_FOUND');
          const own = new Set(await tx.optionIds(tenantId, id));
          const foreign = input.options.findIndex((o) => o.id !== undefined && !own.has(o.id));
          if (foreign >= 0) throw new AppError('VALIDATION', undefined, { [`options.${foreign}.id`]: ['validation.invalid'] });
          const seen = new Set<string>();
          const repeated = input.options.findIndex((o) => o.id !== undefined && (seen.has(o.id) || !seen.add(o.id)));
          if (repeated >= 0) throw new AppError('VALIDATION', undefined, { [`options.${repeated}.id`]: ['validation.invalid'] });
          await tx.replaceOptions(tenantId, id, options(input));
          await refuseBelowZero(tx, tenantId, id, input);
        }),
      );
      return load(tenantId, id);
    },

    /** Products that offered it simply stop offering it; orders keep the names they were placed with. */
    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await repo.deleteGroup(tenantId, id))) throw new AppError('NOT_FOUND');
    },
  };
}

export type OptionGroupsService = ReturnType<typeof createOptionGroupsService>;
