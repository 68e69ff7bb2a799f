import { useSyncExternalStore } from 'react';
import type { TPublicProduct } from '@tavolo/contracts/storefront';
import { MAX_LINE_QUANTITY, cartLineKey, unitPriceCents } from '@tavolo/contracts/cart';
import { site } from '../../../app/site.ts';
import type { CartOption } from '../../../components/ui/option-choice-modal.tsx';

/** What the cart remembers of a dish: enough to show it; prices are recomputed by the server at checkout. */
export type CartProduct = Pick<TPublicProduct, 'id' | 'name' | 'image' | 'price_cents' | 'final_price_cents' | 'discount'>;
export type { CartOption };
export interface CartLine {
  product: CartProduct;
  quantity: number;
  /** Absent in carts saved before options existed: the same as none. */
  options?: CartOption[];
}

/** One line per distinct choice: the same dish with other options is another line. */
export const lineKey = (line: Pick<CartLine, 'product' | 'options'>) => cartLineKey({ product_id: line.product.id, options: (line.options ?? []).map((o) => o.id) });

/** One unit with its options, priced by the server's rule (the server prices the order again at checkout). */
export const lineUnitCents = (line: Pick<CartLine, 'product' | 'options'>) =>
  unitPriceCents(line.product, (line.options ?? []).map((o) => o.price_delta_cents));

// Kept per restaurant in the browser, so it survives a reload and never mixes two restaurants' dishes.
export const cartKey = () => `cart:${site.kind === 'tenant' ? site.tenant.slug : 'none'}`;
const listeners = new Set<() => void>();
// One empty cart for the server's render and an empty storage alike: equal snapshots, so hydration re-renders nothing.
const NO_LINES: CartLine[] = [];
let cache: { raw: string | null; lines: CartLine[] } = { raw: null, lines: NO_LINES };

function read(): CartLine[] {
  const raw = localStorage.getItem(cartKey());
  if (raw === cache.raw) return cache.lines;
  let lines: CartLine[] = [];
  try {
    const parsed = JSON.parse(raw ?? '[]') as CartLine[];
    if (Array.isArray(parsed)) {
      lines = parsed
        .filter((l) => l?.product?.id && Number.isInteger(l.quantity) && l.quantity > 0)
        .map((l) => ({ ...l, options: Array.isArray(l.options) ? l.options.filter((o) => typeof o?.id === 'string') : [] }));
    }
  } catch {
    lines = [];
  }
  cache = { raw, lines: lines.length > 0 ? lines : NO_LINES };
  return cache.lines;
}

function write(lines: CartLine[]) {
  if (lines.length) localStorage.setItem(cartKey(), JSON.stringify(lines));
  else localStorage.removeItem(cartKey());
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same restaurant changed the cart.
  const onStorage = (e: StorageEvent) => e.key === cartKey() && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** SPEC §4 cart rules: add raises an existing line by 1 (new lines start at 1); minus removes at 1; trash; clear. */
export const cart = {
  /** The stored lines (outside React; components use useCart). */
  lines: read,
  /** Adds one; the same dish with the same choices raises its line. False when that line holds the most an order takes. */
  add({ id, name, image, price_cents, final_price_cents, discount }: CartProduct, chosen: CartOption[] = []): boolean {
    const product = { id, name, image, price_cents, final_price_cents, discount };
    const options = chosen.map(({ id: optionId, group, name: optionName, price_delta_cents }) => ({ id: optionId, group, name: optionName, price_delta_cents }));
    const key = lineKey({ product, options });
    const lines = read();
    const existing = lines.find((l) => lineKey(l) === key);
    if (existing && existing.quantity >= MAX_LINE_QUANTITY) return false;
    write(
      existing
        ? lines.map((l) => (l === existing ? { product, options, quantity: l.quantity + 1 } : l))
        : [...lines, { product, options, quantity: 1 }],
    );
    return true;
  },
  /** By line key (see lineKey). */
  increment(key: string) {
    write(read().map((l) => (lineKey(l) === key ? { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + 1) } : l)));
  },
  decrement(key: string) {
    write(read().flatMap((l) => (lineKey(l) !== key ? [l] : l.quantity <= 1 ? [] : [{ ...l, quantity: l.quantity - 1 }])));
  },
  remove(key: string) {
    write(read().filter((l) => lineKey(l) !== key));
  },
  /** Empties the cart and answers what it held, for an undo. */
  clear(): CartLine[] {
    const held = read();
    write([]);
    return held;
  },
  /** Puts back lines taken out by clear (the undo of "Empty the cart"). */
  restore(lines: CartLine[]) {
    write(lines);
  },
};

export function useCart() {
  const lines = useSyncExternalStore(subscribe, read, () => NO_LINES);
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  // An estimate from the menu prices; the checkout shows the server's figures.
  const totalCents = lines.reduce((sum, l) => sum + lineUnitCents(l) * l.quantity, 0);
  return { lines, count, totalCents };
}
