import type { TChosenOption } from '@tavolo/contracts/ordering';
import type { RulesRepo } from './rules.repo.ts';
import type { PricedProduct, PricingLine } from './pricing.ts';
import { ruleError } from './rule-error.ts';

type GroupsOf = Awaited<ReturnType<RulesRepo['optionGroupsOf']>>;

/**
 * Checks each cart line's options against its product's groups and resolves them to names and prices from the
 * database: every id must be an active option of a group the product offers, and each group's minimum and maximum
 * must hold. The first broken rule is answered on that line's `items.N.options` field.
 */
export function resolveLines(items: readonly { product_id: string; quantity: number; options: string[] }[], products: readonly PricedProduct[], groups: GroupsOf): PricingLine[] {
  const productById = new Map(products.map((p) => [p.id, p]));
  return items.map((item, index) => {
    const product = productById.get(item.product_id);
    if (!product) throw new Error(`resolveLines: product ${item.product_id} was not loaded`);
    const field = `items.${index}.options`;
    const offered = groups.filter((g) => g.productId === product.id);
    const chosen = new Set(item.options);
    const options: TChosenOption[] = [];
    for (const group of offered) {
      const picked = group.options.filter((o) => chosen.has(o.id));
      if (picked.some((o) => !o.isActive)) throw ruleError(field, 'ordering.checkout.option_unavailable', { name: product.name });
      picked.forEach((o) => chosen.delete(o.id));
      if (picked.length < group.minSelect) {
        throw ruleError(field, group.minSelect === 1 ? 'ordering.checkout.option_required' : 'ordering.checkout.option_min', { name: product.name, group: group.name, min: group.minSelect });
      }
      if (picked.length > group.maxSelect) throw ruleError(field, 'ordering.checkout.option_max', { name: product.name, group: group.name, max: group.maxSelect });
      options.push(...picked.map((o) => ({ group: group.name, name: o.name, price_delta_cents: o.priceDeltaCents })));
    }
    // Left over: ids of another product's group, another restaurant's, deleted, or made up.
    if (chosen.size) throw ruleError(field, 'ordering.checkout.option_unavailable', { name: product.name });
    return { product, quantity: item.quantity, optionIds: item.options, options };
  });
}
