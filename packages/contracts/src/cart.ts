/**
 * The guest's cart limits and line identity, without Zod: the cart lives in the storefront's first load (issue #11
 * JavaScript budget). orders.ts re-exports them next to the checkout schemas.
 */

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** One cart line per distinct choice: the same dish with other options is another line. */
export function cartLineKey(line: { product_id: string; options?: readonly string[] }): string {
  return [line.product_id, ...[...(line.options ?? [])].sort()].join('+');
}
