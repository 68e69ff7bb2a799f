import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';

let counter = 0;

/**
 * An order straight into the tables, at a chosen time and status (the checkout itself depends on the clock and
 * opening hours). For tests of what is computed from orders: customers, the dashboard home.
 */
export async function insertOrder(
  db: Db,
  tenantId: string,
  o: {
    email: string;
    name?: string;
    phone?: string;
    at: Date | string;
    status?: string;
    lines: { productId: string; name: string; cents: number; quantity?: number }[];
    marketing?: boolean;
    address?: string;
    note?: string;
  },
) {
  counter++;
  const total = o.lines.reduce((sum, l) => sum + l.cents * (l.quantity ?? 1), 0);
  const [row] = await db
    .insert(orders)
    .values({
      tenantId,
      number: sql`(select coalesce(max(number), 1000) + 1 from orders where tenant_id = ${tenantId})`,
      trackingTokenHash: hashToken(`fixture ${process.pid} ${counter} ${Math.random()}`),
      status: o.status ?? 'completed',
      type: o.address ? 'delivery' : 'pickup',
      customerName: o.name ?? 'Guest',
      customerPhone: o.phone ?? '+49 30 1234567',
      customerEmail: o.email,
      deliveryAddress: o.address ?? null,
      note: o.note ?? null,
      paymentMethod: 'cash',
      currencySymbol: '€',
      subtotalCents: total,
      totalCents: total,
      marketingConsent: o.marketing ?? false,
      createdAt: new Date(o.at),
    })
    .returning({ id: orders.id, number: orders.number });
  await db.insert(orderItems).values(
    o.lines.map((l) => ({
      tenantId,
      orderId: row!.id,
      productId: l.productId,
      name: l.name,
      unitPriceCents: l.cents,
      finalUnitPriceCents: l.cents,
      quantity: l.quantity ?? 1,
      lineTotalCents: l.cents * (l.quantity ?? 1),
    })),
  );
  return row!;
}
