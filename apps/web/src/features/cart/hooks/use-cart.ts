import { useSyncExternalStore } from 'react';
import type { TPublicProduct } from '@tavolo/contracts/storefront';
import { MAX_LINE_QUANTITY } from '@tavolo/contracts/orders';
import { site } from '../../../app/site.ts';

/** What the cart remembers of a dish: enough to show it; prices are recomputed by the server at checkout. */
export type CartProduct = Pick<TPublicProduct, 'id' | 'name' | 'image' | 'price_cents' | 'final_price_cents' | 'discount'>;
export interface CartLine {
  product: CartProduct;
  quantity: number;
}

// Kept per restaurant in the browser, so it survives a reload and never mixes two restaurants' dishes.
const key = () => `cart:${site.kind === 'tenant' ? site.tenant.slug : 'none'}`;
const listeners = new Set<() => void>();
let cache: { raw: string | null; lines: CartLine[] } = { raw: null, lines: [] };

function read(): CartLine[] {
  const raw = localStorage.getItem(key());
  if (raw === cache.raw) return cache.lines;
  let lines: CartLine[] = [];
  try {
    const parsed = JSON.parse(raw ?? '[]') as CartLine[];
    if (Array.isArray(parsed)) lines = parsed.filter((l) => l?.product?.id && Number.isInteger(l.quantity) && l.quantity > 0);
  } catch {
    lines = [];
  }
  cache = { raw, lines };
  return lines;
}

function write(lines: CartLine[]) {
  if (lines.length) localStorage.setItem(key(), JSON.stringify(lines));
  else localStorage.removeItem(key());
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same restaurant changed the cart.
  const onStorage = (e: StorageEvent) => e.key === key() && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** SPEC §4 cart rules: add raises an existing line by 1 (new lines start at 1); minus removes at 1; trash; clear. */
export const cart = {
  add({ id, name, image, price_cents, final_price_cents, discount }: CartProduct) {
    const product = { id, name, image, price_cents, final_price_cents, discount };
    const lines = read();
    const existing = lines.find((l) => l.product.id === product.id);
    write(
      existing
        ? lines.map((l) => (l === existing ? { product, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + 1) } : l))
        : [...lines, { product, quantity: 1 }],
    );
  },
  increment(id: string) {
    write(read().map((l) => (l.product.id === id ? { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + 1) } : l)));
  },
  decrement(id: string) {
    write(read().flatMap((l) => (l.product.id !== id ? [l] : l.quantity <= 1 ? [] : [{ ...l, quantity: l.quantity - 1 }])));
  },
  remove(id: string) {
    write(read().filter((l) => l.product.id !== id));
  },
  clear() {
    write([]);
  },
};

export function useCart() {
  const lines = useSyncExternalStore(subscribe, read, () => []);
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  // An estimate from the menu prices; the checkout shows the server's figures.
  const totalCents = lines.reduce((sum, l) => sum + l.product.final_price_cents * l.quantity, 0);
  return { lines, count, totalCents };
}
