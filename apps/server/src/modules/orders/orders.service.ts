import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import type { TPage } from '@tavolo/contracts/envelope';
import { translate, type TLanguage } from '@tavolo/contracts/i18n';
import {
  ORDER_RELEASES_STOCK,
  ORDER_TRANSITIONS,
  type TCheckoutResult,
  type TOrderingOptions,
  type TOrder,
  type TOrderQuote,
  type TOrderStatus,
  type TOrderType,
  type TTrackedOrder,
  type ZCheckoutRequest,
  type ZOrderQuoteRequest,
  type ZOrderStatusChange,
  type ZOrdersQuery,
} from '@tavolo/contracts/orders';
import { hoursOn, localClock, slotsToday, zonedTimeToUtc } from '@tavolo/contracts/time';
import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { moveStock } from '../stock/stock.service.ts';
import { createOrdersRepo, type OrderRow, type OrdersRepo } from './orders.repo.ts';
import { priceOrder } from './pricing.ts';

type Checkout = z.output<typeof ZCheckoutRequest>;
type QuoteInput = z.output<typeof ZOrderQuoteRequest>;
type ListQuery = z.output<typeof ZOrdersQuery>;
type StatusChange = z.output<typeof ZOrderStatusChange>;
type Restaurant = NonNullable<Awaited<ReturnType<OrdersRepo['restaurant']>>>;

export interface OrdersDeps {
  db: Db;
  now?: () => Date;
  /** Told after a commit that queued mail, so it goes out at once rather than at the next poll. */
  onMailQueued?: () => void;
  /** Open dashboards hear of new orders and status changes. */
  live?: LiveEvents;
}

/** Where the guest and the restaurant read about an order. */
export interface OrderContext {
  tenantId: string;
  lang: TLanguage;
  /** http(s)://host[:port] of the restaurant, for links in mails. */
  origin: string;
}

const IDEMPOTENCY_SCOPE = 'checkout';

const money = (cents: number, symbol: string) => `${symbol}${(cents / 100).toFixed(2)}`;

function assertTakingOrders(restaurant: Restaurant) {
  if (restaurant.status !== 'active' && restaurant.status !== 'trial') throw new AppError('CONFLICT', 'orders.errors.not_taking_orders');
  if (!restaurant.isOpen) throw new AppError('CONFLICT', 'orders.errors.paused');
}

function assertOrderType(restaurant: Restaurant, type: TOrderType) {
  if (type === 'pickup' && !restaurant.pickupEnabled) throw new AppError('VALIDATION', 'errors.validation', { type: ['orders.validation.pickup_off'] });
  if (type === 'delivery' && !restaurant.deliveryEnabled) throw new AppError('VALIDATION', 'errors.validation', { type: ['orders.validation.delivery_off'] });
}

/** ASAP needs the kitchen open now; a time for later must fall inside today's hours and not be past. */
function requestedInstant(restaurant: Restaurant, requested: string | null | undefined, now: Date): Date | null {
  const clock = localClock(restaurant.timeZone, now);
  const hours = hoursOn(restaurant.openingHours, clock.day);
  if (!hours) throw new AppError('CONFLICT', 'orders.errors.closed_today');
  if (!requested) {
    if (clock.time < hours.open || clock.time >= hours.close) {
      throw new AppError('VALIDATION', 'errors.validation', { requested_time: ['orders.validation.closed_now'] }, hours);
    }
    return null;
  }
  if (requested < hours.open || requested > hours.close) {
    throw new AppError('VALIDATION', 'errors.validation', { requested_time: ['orders.validation.time_outside_hours'] }, hours);
  }
  if (requested <= clock.time) throw new AppError('VALIDATION', 'errors.validation', { requested_time: ['orders.validation.time_past'] });
  return zonedTimeToUtc(clock.date, requested, restaurant.timeZone);
}

function requestHash(input: Checkout): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

function toTracked(order: OrderRow, items: Awaited<ReturnType<OrdersRepo['items']>>, history: Awaited<ReturnType<OrdersRepo['history']>>): TTrackedOrder {
  return {
    number: order.number,
    status: order.status as TOrderStatus,
    type: order.type as TOrderType,
    customer_name: order.customerName,
    delivery_address: order.deliveryAddress,
    requested_time: order.requestedTime?.toISOString() ?? null,
    note: order.note,
    created_at: order.createdAt.toISOString(),
    currency_symbol: order.currencySymbol,
    subtotal_cents: order.subtotalCents,
    discount_percent: order.subtotalCents ? Math.round((order.discountCents / order.subtotalCents) * 100) : 0,
    discount_cents: order.discountCents,
    delivery_fee_cents: order.deliveryFeeCents,
    total_cents: order.totalCents,
    cancelled_reason: order.cancelledReason,
    lines: items
      .filter((i) => i.orderId === order.id)
      .map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unit_price_cents: i.unitPriceCents,
        discount_percent: i.discountPercent,
        final_unit_price_cents: i.finalUnitPriceCents,
        line_total_cents: i.lineTotalCents,
      })),
    history: history.filter((h) => h.orderId === order.id).map((h) => ({ status: h.status as TOrderStatus, at: h.createdAt.toISOString() })),
  };
}

function toStaffOrder(order: OrderRow, items: Awaited<ReturnType<OrdersRepo['items']>>, history: Awaited<ReturnType<OrdersRepo['history']>>): TOrder {
  return {
    ...toTracked(order, items, history),
    id: order.id,
    customer_phone: order.customerPhone,
    customer_email: order.customerEmail,
    payment_method: order.paymentMethod,
    language: order.language,
  };
}

export function createOrdersService({ db, now = () => new Date(), onMailQueued, live }: OrdersDeps) {
  const repo = createOrdersRepo(db);

  /**
   * Loads the cart's dishes and prices them. Unknown ids (including another restaurant's), inactive dishes and
   * dishes of hidden categories are refused; with `checkStock`, so are quantities over the stock.
   */
  async function priceCart(r: OrdersRepo, tenantId: string, lang: TLanguage, restaurant: Restaurant, input: QuoteInput, lock: boolean): Promise<{ quote: TOrderQuote; tracked: Map<string, number> }> {
    const ids = [...new Set(input.items.map((i) => i.product_id))];
    const found = await r.orderableProducts(tenantId, ids, lock);
    if (found.length !== ids.length) {
      throw new AppError('VALIDATION', 'orders.errors.items_unavailable', { items: ['orders.validation.item_unavailable'] }, { count: ids.length - found.length });
    }
    const quote = priceOrder(found, input.items, input.type, restaurant);
    const short = quote.lines
      .map((line) => ({ line, product: found.find((p) => p.id === line.product_id)! }))
      .filter(({ line, product }) => product.trackStock && product.stockQuantity < line.quantity)
      .map(({ line, product }) => translate(lang, product.stockQuantity > 0 ? 'orders.errors.only_left' : 'orders.errors.sold_out', { name: line.name, available: product.stockQuantity }));
    if (short.length) throw new AppError('CONFLICT', short.join(' '), { items: short });
    return { quote, tracked: new Map(found.filter((p) => p.trackStock).map((p) => [p.id, p.stockQuantity])) };
  }

  async function loadRestaurant(r: OrdersRepo, tenantId: string) {
    const restaurant = await r.restaurant(tenantId);
    if (!restaurant) throw new AppError('TENANT_NOT_FOUND');
    return restaurant;
  }

  async function tracked(r: OrdersRepo, tenantId: string, order: OrderRow) {
    const [items, history] = await Promise.all([r.items(tenantId, [order.id]), r.history(tenantId, [order.id])]);
    return toTracked(order, items, history);
  }

  return {
    /** What the checkout may offer now; the order itself checks all of it again. */
    async options(ctx: OrderContext): Promise<TOrderingOptions> {
      const restaurant = await loadRestaurant(repo, ctx.tenantId);
      const clock = localClock(restaurant.timeZone, now());
      const today = hoursOn(restaurant.openingHours, clock.day);
      let reason: string | null = null;
      try {
        assertTakingOrders(restaurant);
        if (!today) throw new AppError('CONFLICT', 'orders.errors.closed_today');
      } catch (error) {
        reason = translate(ctx.lang, (error as AppError).message);
      }
      const slots = slotsToday(today, clock.time);
      return {
        accepting: reason === null && (slots.length > 0 || (today !== null && clock.time >= today.open && clock.time < today.close)),
        reason: reason ?? (today && !slots.length && clock.time >= today.close ? translate(ctx.lang, 'orders.errors.closed_for_today') : null),
        pickup_enabled: restaurant.pickupEnabled,
        delivery_enabled: restaurant.deliveryEnabled,
        delivery_fee_cents: restaurant.deliveryFeeCents,
        delivery_min_order_cents: restaurant.deliveryMinOrderCents,
        currency_symbol: restaurant.currencySymbol,
        today,
        open_now: today !== null && clock.time >= today.open && clock.time < today.close,
        slots,
      };
    },

    /** Prices a cart for the checkout summary: the same rules as the order, nothing written. */
    async quote(ctx: OrderContext, input: QuoteInput): Promise<TOrderQuote> {
      const restaurant = await loadRestaurant(repo, ctx.tenantId);
      return (await priceCart(repo, ctx.tenantId, ctx.lang, restaurant, input, false)).quote;
    },

    /**
     * Places an order in one transaction: idempotency key, product rows locked, prices from the database, stock
     * moved, order number, lines, history, staff notification and both mails queued. Anything refused rolls all
     * of it back, including the key, so the guest can fix the cart and retry with the same key.
     */
    async checkout(ctx: OrderContext, input: Checkout, idempotencyKey: string | undefined): Promise<{ status: number; body: { success: true; data: TCheckoutResult; message: string } }> {
      const result = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const r = createOrdersRepo(tx);
        if (idempotencyKey) {
          const claim = await r.claimKey(ctx.tenantId, IDEMPOTENCY_SCOPE, idempotencyKey, requestHash(input));
          if (!claim.claimed) {
            if (claim.existing.requestHash !== requestHash(input)) throw new AppError('VALIDATION', 'orders.errors.idempotency_mismatch');
            return { replay: true, status: claim.existing.responseStatus ?? 201, body: claim.existing.responseBody as { success: true; data: TCheckoutResult; message: string } };
          }
        }
        const restaurant = await loadRestaurant(r, ctx.tenantId);
        assertTakingOrders(restaurant);
        assertOrderType(restaurant, input.type);
        const requestedTime = requestedInstant(restaurant, input.requested_time, now());
        const { quote, tracked: trackedStock } = await priceCart(r, ctx.tenantId, ctx.lang, restaurant, input, true);
        if (quote.delivery_min_missing_cents > 0) {
          throw new AppError('VALIDATION', 'errors.validation', { type: ['orders.validation.delivery_minimum'] }, { missing: money(quote.delivery_min_missing_cents, restaurant.currencySymbol) });
        }

        const token = newToken();
        const order = await r.insertOrder(
          {
            tenantId: ctx.tenantId,
            number: await r.nextOrderNumber(ctx.tenantId),
            trackingTokenHash: hashToken(token),
            status: 'pending',
            type: input.type,
            customerName: input.customer_name,
            customerPhone: input.customer_phone,
            customerEmail: input.customer_email,
            deliveryAddress: input.type === 'delivery' ? (input.delivery_address ?? null) : null,
            requestedTime,
            note: input.note ?? null,
            paymentMethod: input.payment_method,
            language: ctx.lang,
            currencySymbol: quote.currency_symbol,
            subtotalCents: quote.subtotal_cents,
            discountCents: quote.discount_cents,
            deliveryFeeCents: quote.delivery_fee_cents,
            totalCents: quote.total_cents,
          },
          quote.lines.map((l) => ({
            productId: l.product_id,
            name: l.name,
            unitPriceCents: l.unit_price_cents,
            discountPercent: l.discount_percent,
            finalUnitPriceCents: l.final_unit_price_cents,
            quantity: l.quantity,
            lineTotalCents: l.line_total_cents,
          })),
        );
        for (const line of quote.lines) {
          if (trackedStock.has(line.product_id)) await moveStock(tx, ctx.tenantId, line.product_id, -line.quantity, 'order', null, `#${order.number}`);
        }

        const total = money(order.totalCents, order.currencySymbol);
        await r.notify(ctx.tenantId, 'order', { number: order.number, name: order.customerName, total }, order.id);
        const trackingUrl = `${ctx.origin}/order/${token}`;
        const rows = [
          ...quote.lines.map((l) => ({ label: `${l.quantity} × ${l.name}`, value: money(l.line_total_cents, order.currencySymbol) })),
          ...(order.discountCents ? [{ labelKey: 'orders.mail.discount', value: `−${money(order.discountCents, order.currencySymbol)}` }] : []),
          ...(order.deliveryFeeCents ? [{ labelKey: 'orders.mail.delivery_fee', value: money(order.deliveryFeeCents, order.currencySymbol) }] : []),
          { labelKey: 'orders.mail.total', value: total },
        ];
        await enqueueMail(tx, {
          tenantId: ctx.tenantId,
          origin: ctx.origin,
          to: order.customerEmail,
          language: ctx.lang,
          mail: {
            site: restaurant.name,
            name: order.customerName,
            subjectKey: 'orders.mail.placed_subject',
            subjectParams: { number: order.number },
            paragraphs: [{ key: 'orders.mail.placed_intro', params: { number: order.number } }, { key: `orders.mail.placed_${order.type}` }],
            rows,
            action: { labelKey: 'orders.mail.track_action', url: trackingUrl },
          },
        });
        await enqueueMail(tx, {
          tenantId: ctx.tenantId,
          origin: ctx.origin,
          to: restaurant.email,
          language: ctx.lang,
          mail: {
            site: restaurant.name,
            name: restaurant.name,
            subjectKey: 'orders.mail.alert_subject',
            subjectParams: { number: order.number, total },
            paragraphs: [{ key: 'orders.mail.alert_intro', params: { number: order.number, name: order.customerName, phone: order.customerPhone } }],
            rows,
            action: { labelKey: 'orders.mail.alert_action', url: `${ctx.origin}/dashboard/orders?order_id=${order.id}` },
          },
        });

        const data: TCheckoutResult = { order: await tracked(r, ctx.tenantId, order), tracking_token: token, tracking_url: trackingUrl };
        const body = { success: true as const, data, message: translate(ctx.lang, 'orders.messages.placed', { number: order.number }) };
        if (idempotencyKey) await r.storeResponse(ctx.tenantId, IDEMPOTENCY_SCOPE, idempotencyKey, 201, body);
        return { replay: false, status: 201, body };
      });
      if (!result.replay) {
        onMailQueued?.();
        live?.publish(ctx.tenantId, { topics: ['orders', 'notifications'] });
      }
      return { status: result.status, body: result.body };
    },

    /** The guest's view, by the secret token of their link. */
    async track(tenantId: string, token: string): Promise<TTrackedOrder> {
      const order = await repo.byTrackingHash(tenantId, hashToken(token));
      if (!order) throw new AppError('NOT_FOUND', 'orders.errors.not_found');
      return tracked(repo, tenantId, order);
    },

    async list(tenantId: string, q: ListQuery): Promise<TPage<TOrder>> {
      const { rows, total } = await repo.list(tenantId, { status: q.status, search: q.search, page: q.page, perPage: q.per_page });
      const ids = rows.map((o) => o.id);
      const [items, history] = await Promise.all([repo.items(tenantId, ids), repo.history(tenantId, ids)]);
      return {
        data: rows.map((o) => toStaffOrder(o, items, history)),
        total,
        per_page: q.per_page,
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
      };
    },

    async get(tenantId: string, id: string): Promise<TOrder> {
      const order = await repo.byId(tenantId, id);
      if (!order) throw new AppError('NOT_FOUND');
      const [items, history] = await Promise.all([repo.items(tenantId, [id]), repo.history(tenantId, [id])]);
      return toStaffOrder(order, items, history);
    },

    /** A legal status change, the stock given back on reject/cancel, and the guest told by mail; one transaction. */
    async changeStatus(ctx: OrderContext, id: string, change: StatusChange, userId: string): Promise<TOrder> {
      const order = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const r = createOrdersRepo(tx);
        const current = await r.byId(ctx.tenantId, id, true);
        if (!current) throw new AppError('NOT_FOUND');
        const from = current.status as TOrderStatus;
        if (!ORDER_TRANSITIONS[from].includes(change.status)) {
          throw new AppError('CONFLICT', 'orders.errors.illegal_transition', { status: ['orders.errors.illegal_transition'] }, {
            from: translate(ctx.lang, `orders.status.${from}`),
            to: translate(ctx.lang, `orders.status.${change.status}`),
          });
        }
        await r.setStatus(ctx.tenantId, id, change.status, userId, change.reason ?? null);
        if (ORDER_RELEASES_STOCK.includes(change.status)) {
          const items = await r.items(ctx.tenantId, [id]);
          const products = await r.orderableProducts(ctx.tenantId, items.map((i) => i.productId));
          const stillTracked = new Set(products.filter((p) => p.trackStock).map((p) => p.id));
          // Same id order as checkout's locks. A dish deleted or untracked since has no stock to give back.
          for (const item of [...items].sort((a, b) => a.productId.localeCompare(b.productId))) {
            if (stillTracked.has(item.productId)) await moveStock(tx, ctx.tenantId, item.productId, item.quantity, 'order_cancelled', userId, `#${current.number}`);
          }
        }
        const restaurant = await loadRestaurant(r, ctx.tenantId);
        await enqueueMail(tx, {
          tenantId: ctx.tenantId,
          origin: ctx.origin,
          to: current.customerEmail,
          language: current.language as TLanguage,
          mail: {
            site: restaurant.name,
            name: current.customerName,
            subjectKey: 'orders.mail.status_subject',
            subjectParams: { number: current.number },
            paragraphs: [{ key: `orders.mail.status_${change.status}`, params: { number: current.number, reason: change.reason ?? '' } }],
          },
        });
        const updated = (await r.byId(ctx.tenantId, id))!;
        const [items, history] = await Promise.all([r.items(ctx.tenantId, [id]), r.history(ctx.tenantId, [id])]);
        return toStaffOrder(updated, items, history);
      });
      onMailQueued?.();
      live?.publish(ctx.tenantId, { topics: ['orders'] });
      return order;
    },

    purgeIdempotencyKeys: () => repo.purgeKeys(),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
