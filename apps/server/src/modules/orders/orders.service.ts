import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import type { TPage } from '@tavolo/contracts/envelope';
import { formatCalendarDate, formatMoney, formatRatePercent, nameHasRate, translate, type TLanguage } from '@tavolo/contracts/i18n';
import {
  ORDER_RELEASES_STOCK,
  ORDER_TRANSITIONS,
  READY_IN_MAX,
  READY_IN_MIN,
  type TCheckoutResult,
  type TOrderingOptions,
  type TOrder,
  type TOrderHistoryEntry,
  type TOrderingState,
  type TOrderQuote,
  type TOrderSource,
  MAX_ORDER_TOTAL_CENTS,
  type TOrderStatus,
  type TOrderType,
  type TPhoneOrderResult,
  type TTrackedOrder,
  type ZCheckoutRequest,
  type ZPhoneOrderRequest,
  type ZOrderQuoteRequest,
  type ZOrderStatusChange,
  type ZOrdersQuery,
} from '@tavolo/contracts/orders';
import { DEFAULT_ORDERING_SETTINGS, type TTaxLine } from '@tavolo/contracts/ordering';
import { dateNear, hoursAt, localClock, zonedTimeToUtc } from '@tavolo/contracts/time';
import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { moveStock } from '../stock/stock.service.ts';
import { createOrdersRepo, type OrderRow, type OrdersRepo } from './orders.repo.ts';
import { resolveLines } from './cart-lines.ts';
import { checkCoupon } from './coupon-check.ts';
import { priceOrder, type PricingCoupon } from './pricing.ts';
import { ruleError } from './rule-error.ts';
import { createRulesRepo, type RulesRepo } from './rules.repo.ts';
import { asapSlot, checkRequestedTime, orderDays, timingWindow, type TimingContext } from './timing.ts';
import { deliveryTerms } from './zones.ts';

type Checkout = z.output<typeof ZCheckoutRequest>;
type PhoneOrder = z.output<typeof ZPhoneOrderRequest>;
type QuoteInput = z.output<typeof ZOrderQuoteRequest>;
type ListQuery = z.output<typeof ZOrdersQuery>;
type StatusChange = z.output<typeof ZOrderStatusChange>;
type Restaurant = NonNullable<Awaited<ReturnType<OrdersRepo['restaurant']>>>;
type OrderingSettings = Awaited<ReturnType<RulesRepo['settings']>>;

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

/** Keys of the guest's checkout and of staff's phone orders never collide. */
const IDEMPOTENCY_SCOPES: Record<TOrderSource, string> = { online: 'checkout', phone: 'phone' };

/** A suspended or pending restaurant takes no orders; online ordering switched off (or paused for an order nobody took) stops the storefront's only. */
function assertTakingOrders(restaurant: Restaurant, source: TOrderSource) {
  if (restaurant.status !== 'active' && restaurant.status !== 'trial') throw new AppError('CONFLICT', 'orders.errors.not_taking_orders');
  if (!restaurant.isOpen && source === 'online') throw new AppError('CONFLICT', 'orders.errors.paused');
}

/** The key of a coupon's per-customer limit: the e-mail, else the phone number's digits ("+1 (212) 555-0199" is "12125550199"). */
const customerKeyOf = (email: string | undefined, phone: string) => email?.trim().toLowerCase() || phone.replace(/\D/g, '');

function assertOrderType(restaurant: Restaurant, type: TOrderType) {
  if (type === 'pickup' && !restaurant.pickupEnabled) throw new AppError('VALIDATION', 'errors.validation', { type: ['orders.validation.pickup_off'] });
  if (type === 'delivery' && !restaurant.deliveryEnabled) throw new AppError('VALIDATION', 'errors.validation', { type: ['orders.validation.delivery_off'] });
}

/** Staff paused online orders for a while ("busy"); they resume by themselves at `paused_until`. */
function assertNotPaused(restaurant: Restaurant, settings: OrderingSettings, now: Date) {
  if (settings.paused_until && settings.paused_until > now) {
    throw new AppError('CONFLICT', 'ordering.checkout.paused_until', undefined, { time: localClock(restaurant.timeZone, settings.paused_until).time });
  }
}

/** The clock and rules an order's time is checked against; a busy pause holds back online orders only. */
function timingContext(restaurant: Restaurant, settings: OrderingSettings, now: Date, source: TOrderSource): TimingContext {
  return { settings, openingHours: restaurant.openingHours, timeZone: restaurant.timeZone, now, pausedUntil: source === 'online' ? settings.paused_until : null };
}

/** Slot counts are only read when the restaurant limits orders per slot. */
async function slotCounts(rules: RulesRepo, tenantId: string, ctx: TimingContext) {
  if (ctx.settings.max_orders_per_slot === null) return new Map<number, number>();
  const { from, until } = timingWindow(ctx);
  return rules.slotCounts(tenantId, from, until);
}

/** "Sales tax (8.875 %)"; "MwSt. 7 %" keeps its own percentage. */
const taxName = (lang: TLanguage, t: TTaxLine) => (nameHasRate(t.name) ? t.name : `${t.name} (${formatRatePercent(lang, t.rate_millipercent)})`);

/** The order's money as mail rows: lines with their options, then every discount, fee, tip and tax, then the total. */
function mailRows(lang: TLanguage, quote: TOrderQuote) {
  // "14,00 €" must not break between amount and symbol on a phone's narrow mail view.
  const m = (cents: number) => formatMoney(lang, cents, quote.currency_symbol).replace(' ', '\u00a0');
  return [
    ...quote.lines.map((l) => ({ label: `${l.quantity} × ${l.name}${l.options.length ? ` (${l.options.map((o) => o.name).join(', ')})` : ''}`, value: m(l.line_total_cents) })),
    ...(quote.discount_cents ? [{ labelKey: 'orders.mail.discount', value: `−${m(quote.discount_cents)}` }] : []),
    ...(quote.coupon_discount_cents ? [{ labelKey: 'ordering.mail.coupon', labelParams: { code: quote.coupon_code }, value: `−${m(quote.coupon_discount_cents)}` }] : []),
    ...(quote.delivery_fee_cents ? [{ labelKey: 'orders.mail.delivery_fee', value: m(quote.delivery_fee_cents) }] : []),
    ...(quote.tip_cents ? [{ labelKey: 'ordering.mail.tip', value: m(quote.tip_cents) }] : []),
    ...(quote.tax_included ? [] : quote.tax_lines.map((t) => ({ labelKey: 'ordering.mail.tax_added', labelParams: { name: taxName(lang, t) }, value: m(t.tax_cents) }))),
    { labelKey: 'orders.mail.total', value: m(quote.total_cents), strong: true },
    ...(quote.tax_included ? quote.tax_lines.map((t) => ({ labelKey: 'ordering.mail.tax_included', labelParams: { name: taxName(lang, t) }, value: m(t.tax_cents) })) : []),
  ];
}

/** "Requested for Thu, 26 Nov at 19:30." for an order wanted at a set time. */
function scheduledParagraph(lang: TLanguage, order: OrderRow, timeZone: string) {
  if (!order.requestedTime) return [];
  const clock = localClock(timeZone, order.requestedTime);
  return [{ key: 'ordering.mail.scheduled_for', params: { date: formatCalendarDate(lang, clock.date), time: clock.time } }];
}

/** "Delivery to: Main St 1, 10115" for a delivery order: the guest checks it, the kitchen's driver needs it. */
function deliveryParagraph(order: OrderRow) {
  if (order.type !== 'delivery' || !order.deliveryAddress) return [];
  return [{ key: 'orders.mail.delivery_to', params: { address: [order.deliveryAddress, order.deliveryPostalCode].filter(Boolean).join(', ') } }];
}

/** The guest's note (allergies, "ring twice"): the kitchen must read it, and the guest sees what was sent. */
function noteParagraph(order: OrderRow) {
  return order.note ? [{ key: 'orders.mail.note', params: { note: order.note } }] : [];
}

function requestHash(input: Checkout | PhoneOrder): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

type Items = Awaited<ReturnType<OrdersRepo['items']>>;
type History = Awaited<ReturnType<OrdersRepo['history']>>;

function toTracked(order: OrderRow, items: Items, history: History, timeZone: string): TTrackedOrder {
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
    discount_percent: order.discountPercent,
    discount_cents: order.discountCents,
    delivery_fee_cents: order.deliveryFeeCents,
    total_cents: order.totalCents,
    cancelled_reason: order.cancelledReason,
    promised_at: order.promisedAt?.toISOString() ?? null,
    time_zone: timeZone,
    coupon_code: order.couponCode,
    coupon_discount_cents: order.couponDiscountCents,
    delivery_zone_name: order.deliveryZoneName,
    delivery_postal_code: order.deliveryPostalCode,
    tip_cents: order.tipCents,
    tax_cents: order.taxCents,
    tax_included: order.taxIncluded,
    tax_lines: order.taxLines,
    lines: items
      .filter((i) => i.orderId === order.id)
      .map((i) => ({
        name: i.name,
        options: i.options,
        quantity: i.quantity,
        unit_price_cents: i.unitPriceCents,
        discount_percent: i.discountPercent,
        final_unit_price_cents: i.finalUnitPriceCents,
        line_total_cents: i.lineTotalCents,
      })),
    // The guest sees the steps, not who took them.
    history: history.filter((h) => h.orderId === order.id).map((h) => ({ status: h.status as TOrderStatus, at: h.createdAt.toISOString() })),
  };
}

/** A step without a user is the guest placing the order, or the system (escalation) acting later. */
function historyEntry(h: History[number]): TOrderHistoryEntry {
  return {
    status: h.status as TOrderStatus,
    at: h.createdAt.toISOString(),
    by: h.userId ? 'staff' : h.status === 'pending' ? 'guest' : 'system',
    user_name: h.userName,
    reason: h.reason,
  };
}

function toStaffOrder(order: OrderRow, items: Items, history: History, timeZone: string, names: Map<string, string>): TOrder {
  return {
    ...toTracked(order, items, history, timeZone),
    id: order.id,
    customer_phone: order.customerPhone,
    customer_email: order.customerEmail,
    payment_method: order.paymentMethod,
    language: order.language,
    source: order.source as TOrderSource,
    created_by_name: order.createdBy ? (names.get(order.createdBy) ?? null) : null,
    marketing_consent: order.marketingConsent,
    history: history.filter((h) => h.orderId === order.id).map(historyEntry),
  };
}

/** Where an order is sent along its workflow, by staff or by the escalation worker. */
export interface Transition {
  tenantId: string;
  origin: string;
  status: TOrderStatus;
  reason: string | null;
  /** When accepting: the kitchen's minutes from now (needed for an order wanted as soon as possible). */
  readyInMinutes?: number;
  /** Null: the system (escalation). */
  userId: string | null;
  now: Date;
}

/**
 * The time promised on accepting. An order wanted as soon as possible is promised the kitchen's minutes from now;
 * one wanted at a set time is promised that time, or later when the kitchen says it needs longer, never earlier
 * than the guest asked for (a slot tomorrow is not "ready in 20 minutes").
 */
function promiseOf(current: OrderRow, change: Transition): Date {
  const byKitchen = change.readyInMinutes === undefined ? null : new Date(change.now.getTime() + change.readyInMinutes * 60_000);
  if (current.requestedTime) return byKitchen && byKitchen > current.requestedTime ? byKitchen : current.requestedTime;
  if (!byKitchen) throw new AppError('VALIDATION', 'orders.validation.ready_in_required', { ready_in_minutes: ['orders.validation.ready_in_required'] });
  return byKitchen;
}

/** "It will be ready at 14:25." today; "… on Fri, 27 Nov at 19:00." for another day, on the restaurant's clock. */
function readyParagraph(lang: TLanguage, at: Date, timeZone: string, now: Date) {
  const clock = localClock(timeZone, at);
  if (clock.date === localClock(timeZone, now).date) return { key: 'orders.mail.ready_at', params: { time: clock.time } };
  return { key: 'orders.mail.ready_on', params: { date: formatCalendarDate(lang, clock.date), time: clock.time } };
}

/**
 * Moves a locked order to its next status inside the caller's transaction: the history step with who and why,
 * the promised time on accepting, the stock back on reject/cancel, and the guest's mail (when there is an
 * address). Refuses illegal transitions.
 */
export async function applyTransition(tx: Db, current: OrderRow, change: Transition, lang: TLanguage): Promise<void> {
  const r = createOrdersRepo(tx);
  const from = current.status as TOrderStatus;
  if (!ORDER_TRANSITIONS[from].includes(change.status)) {
    throw new AppError('CONFLICT', 'orders.errors.illegal_transition', { status: ['orders.errors.illegal_transition'] }, {
      from: translate(lang, `orders.status.${from}`),
      to: translate(lang, `orders.status.${change.status}`),
    });
  }
  const promisedAt = change.status === 'accepted' ? promiseOf(current, change) : undefined;
  await r.setStatus(change.tenantId, current.id, change.status, change.userId, change.reason, promisedAt);
  if (ORDER_RELEASES_STOCK.includes(change.status)) {
    const items = await r.items(change.tenantId, [current.id]);
    const products = await r.orderableProducts(change.tenantId, items.map((i) => i.productId));
    const stillTracked = new Set(products.filter((p) => p.trackStock).map((p) => p.id));
    // Same id order as checkout's locks. A dish deleted or untracked since has no stock to give back.
    for (const item of [...items].sort((a, b) => a.productId.localeCompare(b.productId))) {
      if (stillTracked.has(item.productId)) await moveStock(tx, change.tenantId, item.productId, item.quantity, 'order_cancelled', change.userId, `#${current.number}`);
    }
  }
  // A phone order taken without an e-mail address has nobody to write to.
  if (!current.customerEmail) return;
  const restaurant = (await r.restaurant(change.tenantId))!;
  const paragraphs: { key: string; params?: Record<string, unknown> }[] = [
    { key: `orders.mail.status_${change.status}`, params: { number: current.number, reason: change.reason ?? '' } },
  ];
  if (promisedAt) paragraphs.push(readyParagraph(current.language as TLanguage, promisedAt, restaurant.timeZone, change.now));
  // A refused or cancelled order is not a dead end: the guest can call (the link to the order is not kept, only its hash).
  if (ORDER_RELEASES_STOCK.includes(change.status) && restaurant.phone) paragraphs.push({ key: 'orders.mail.questions_call', params: { phone: restaurant.phone } });
  await enqueueMail(tx, {
    tenantId: change.tenantId,
    origin: change.origin,
    to: current.customerEmail,
    language: current.language as TLanguage,
    mail: {
      site: restaurant.name,
      name: current.customerName,
      subjectKey: 'orders.mail.status_subject',
      subjectParams: { number: current.number },
      paragraphs,
    },
  });
}

export function createOrdersService({ db, now = () => new Date(), onMailQueued, live }: OrdersDeps) {
  const repo = createOrdersRepo(db);
  const rules = createRulesRepo(db);

  /**
   * Loads the cart's dishes and prices them with every rule: options checked against each dish's groups, the
   * delivery zone of the address, the coupon, the tip and the tax rates. Unknown ids (including another
   * restaurant's), inactive dishes and dishes of hidden categories are refused; with `lock` (the order itself), so
   * are quantities over the stock, and the product and coupon rows stay locked until the order commits.
   */
  async function priceCart(tx: Db, ctx: { tenantId: string; lang: TLanguage }, restaurant: Restaurant, settings: OrderingSettings, input: QuoteInput, customerKey: string | null, lock: boolean) {
    const { tenantId, lang } = ctx;
    const r = createOrdersRepo(tx);
    const rules = createRulesRepo(tx);
    const ids = [...new Set(input.items.map((i) => i.product_id))];
    const found = await r.orderableProducts(tenantId, ids, lock);
    if (found.length !== ids.length) {
      // Which lines, too (`items.2.product_id`): the checkout names those dishes and offers to remove them.
      const orderable = new Set(found.map((p) => p.id));
      const lines = Object.fromEntries(input.items.flatMap((item, index) => (orderable.has(item.product_id) ? [] : [[`items.${index}.product_id`, ['orders.validation.item_unavailable']]])));
      throw new AppError('VALIDATION', 'orders.errors.items_unavailable', { items: ['orders.validation.item_unavailable'], ...lines }, { count: ids.length - found.length });
    }
    const lines = resolveLines(input.items, found, await rules.optionGroupsOf(tenantId, ids));
    const delivery =
      input.type === 'delivery'
        ? deliveryTerms(
            await rules.activeZones(tenantId),
            { feeCents: restaurant.deliveryFeeCents, minOrderCents: restaurant.deliveryMinOrderCents },
            { postalCode: input.delivery_postal_code, location: input.delivery_location },
            settings.location,
            lock,
          )
        : { feeCents: 0, minOrderCents: 0, zoneName: null };
    const today = localClock(restaurant.timeZone, now()).date;
    const coupon: (PricingCoupon & { id: string }) | null = input.coupon_code ? await checkCoupon(rules, { tenantId, code: input.coupon_code, customerKey, today, lang, lock }) : null;
    const tipGiven = input.tip && (input.tip.kind === 'percent' ? input.tip.percent : input.tip.cents) > 0;
    if (tipGiven && !settings.tips_enabled) throw ruleError('tip', 'ordering.checkout.tips_off');
    const taxRates = await rules.taxRates(tenantId);

    const { coupon_min_missing_cents: couponMissing, ...quote } = priceOrder(lines, input.type, {
      currencySymbol: restaurant.currencySymbol,
      discountPercent: restaurant.discountPercent,
      delivery,
      coupon,
      tip: input.tip ?? null,
      taxRates,
      pricesIncludeTax: settings.prices_include_tax,
    });
    if (quote.total_cents > MAX_ORDER_TOTAL_CENTS || quote.lines.some((line) => line.line_total_cents > MAX_ORDER_TOTAL_CENTS)) {
      throw new AppError('VALIDATION', 'errors.validation', { items: ['orders.validation.order_too_large'] }, { maximum: formatMoney(lang, MAX_ORDER_TOTAL_CENTS, restaurant.currencySymbol) });
    }
    const food = quote.subtotal_cents - quote.discount_cents - quote.coupon_discount_cents;
    if (quote.tip_cents > Math.max(food, 0)) throw ruleError('tip', 'ordering.checkout.tip_too_high', { maximum: formatMoney(lang, Math.max(food, 0), restaurant.currencySymbol) });
    if (couponMissing > 0) {
      // The minimum counts after the restaurant's and the dishes' discounts, so the guest is told that sum, not the menu prices'.
      const m = (cents: number) => formatMoney(lang, cents, restaurant.currencySymbol);
      throw ruleError('coupon_code', 'ordering.checkout.coupon_minimum', { minimum: m(coupon!.minOrderCents), total: m(coupon!.minOrderCents - couponMissing) });
    }

    // Stock is per dish, whatever options its lines have.
    const ordered = new Map<string, number>();
    for (const line of quote.lines) ordered.set(line.product_id, (ordered.get(line.product_id) ?? 0) + line.quantity);
    const short = found
      .filter((p) => p.trackStock && p.stockQuantity < (ordered.get(p.id) ?? 0))
      .map((p) => translate(lang, p.stockQuantity > 0 ? 'orders.errors.only_left' : 'orders.errors.sold_out', { name: p.name, available: p.stockQuantity }));
    if (short.length) throw new AppError('CONFLICT', short.join(' '), { items: short });

    const defaultRate = taxRates.find((t) => t.isDefault) ?? taxRates[0];
    const rateOf = (productId: string) => {
      const own = found.find((p) => p.id === productId)?.taxRateId;
      return (taxRates.find((t) => t.id === own) ?? defaultRate)?.rateMillipercent ?? 0;
    };
    return { quote, ordered, tracked: new Map(found.filter((p) => p.trackStock).map((p) => [p.id, p.stockQuantity])), couponId: coupon?.id ?? null, delivery, rateOf };
  }

  async function loadRestaurant(r: OrdersRepo, tenantId: string) {
    const restaurant = await r.restaurant(tenantId);
    if (!restaurant) throw new AppError('TENANT_NOT_FOUND');
    return restaurant;
  }

  async function tracked(r: OrdersRepo, tenantId: string, order: OrderRow, timeZone: string) {
    const [items, history] = await Promise.all([r.items(tenantId, [order.id]), r.history(tenantId, [order.id])]);
    return toTracked(order, items, history, timeZone);
  }

  /** Staff's view of some orders: lines, history with names, who entered phone orders; three queries for any number. */
  async function staffOrders(r: OrdersRepo, tenantId: string, rows: OrderRow[], timeZone: string): Promise<TOrder[]> {
    const ids = rows.map((o) => o.id);
    const creators = rows.flatMap((o) => (o.createdBy ? [o.createdBy] : []));
    const [items, history, names] = await Promise.all([r.items(tenantId, ids), r.history(tenantId, ids), r.userNames(tenantId, creators)]);
    return rows.map((o) => toStaffOrder(o, items, history, timeZone, names));
  }

  type Placed = { order: OrderRow; token: string; trackingUrl: string; restaurant: Restaurant; r: OrdersRepo };
  type Reply<T> = { status: number; body: { success: true; data: T; message: string } };

  /**
   * Places an order in one transaction: idempotency key, product rows locked, prices from the database, stock
   * moved, order number, lines, history and mails queued. Anything refused rolls all of it back, including the
   * key, so the cart can be fixed and sent again with the same key. Online checkout and staff's phone orders share
   * it; `respond` shapes each one's answer (stored for replays).
   */
  async function place<T>(
    ctx: OrderContext,
    input: Checkout | PhoneOrder,
    idempotencyKey: string | undefined,
    by: { source: TOrderSource; createdBy: string | null },
    respond: (placed: Placed) => Promise<{ data: T; message: string }>,
  ): Promise<Reply<T>> {
    const scope = IDEMPOTENCY_SCOPES[by.source];
    const result = await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      const r = createOrdersRepo(tx);
      if (idempotencyKey) {
        const claim = await r.claimKey(ctx.tenantId, scope, idempotencyKey, requestHash(input));
        if (!claim.claimed) {
          if (claim.existing.requestHash !== requestHash(input)) throw new AppError('VALIDATION', 'orders.errors.idempotency_mismatch');
          return { replay: true, status: claim.existing.responseStatus ?? 201, body: claim.existing.responseBody as Reply<T>['body'] };
        }
      }
      const rules = createRulesRepo(tx);
      const restaurant = await loadRestaurant(r, ctx.tenantId);
      assertTakingOrders(restaurant, by.source);
      assertOrderType(restaurant, input.type);
      const settings = await rules.settings(ctx.tenantId);
      // A busy kitchen pauses the storefront's orders for as soon as possible (a scheduled one is checked with the
      // times below: no sooner than the pause's end); staff may still type in an order taken by phone.
      if (by.source === 'online' && !input.requested_time) assertNotPaused(restaurant, settings, now());
      const customerKey = customerKeyOf(input.customer_email, input.customer_phone);
      const priced = await priceCart(tx, ctx, restaurant, settings, input, customerKey, true);
      const { quote } = priced;
      // The guest agreed to the total on the screen: a price, offer or fee that changed since is shown before anything is ordered.
      if ('expected_total_cents' in input && input.expected_total_cents !== undefined && input.expected_total_cents !== quote.total_cents) {
        const total = formatMoney(ctx.lang, quote.total_cents, restaurant.currencySymbol);
        throw new AppError('CONFLICT', 'orders.errors.total_changed', { expected_total_cents: ['orders.errors.total_changed'] }, { total });
      }
      if (quote.delivery_min_missing_cents > 0) {
        const missing = formatMoney(ctx.lang, quote.delivery_min_missing_cents, restaurant.currencySymbol);
        if (priced.delivery.zoneName) {
          throw ruleError('delivery_postal_code', 'ordering.checkout.zone_minimum', { zone: priced.delivery.zoneName, minimum: formatMoney(ctx.lang, priced.delivery.minOrderCents, restaurant.currencySymbol), missing });
        }
        throw new AppError('VALIDATION', 'errors.validation', { type: ['orders.validation.delivery_minimum'] }, { missing });
      }
      // The order number's row lock serialises this restaurant's orders, so the slot count below cannot race.
      const number = await r.nextOrderNumber(ctx.tenantId);
      const timing = timingContext(restaurant, settings, now(), by.source);
      const { requestedTime, slotAt } = checkRequestedTime(timing, await slotCounts(rules, ctx.tenantId, timing), input.requested_date, input.requested_time);

      const token = newToken();
      const order = await r.insertOrder(
        {
          tenantId: ctx.tenantId,
          number,
          trackingTokenHash: hashToken(token),
          status: 'pending',
          type: input.type,
          customerName: input.customer_name,
          customerPhone: input.customer_phone,
          // The column is required; a phone order without an address keeps it empty.
          customerEmail: input.customer_email ?? '',
          deliveryAddress: input.type === 'delivery' ? (input.delivery_address ?? null) : null,
          deliveryPostalCode: input.type === 'delivery' ? (input.delivery_postal_code ?? null) : null,
          deliveryZoneName: quote.delivery_zone_name,
          requestedTime,
          slotAt,
          note: input.note ?? null,
          paymentMethod: input.payment_method,
          language: ctx.lang,
          currencySymbol: quote.currency_symbol,
          subtotalCents: quote.subtotal_cents,
          discountCents: quote.discount_cents,
          discountPercent: quote.discount_percent,
          deliveryFeeCents: quote.delivery_fee_cents,
          couponCode: quote.coupon_code,
          couponDiscountCents: quote.coupon_discount_cents,
          tipCents: quote.tip_cents,
          taxCents: quote.tax_cents,
          taxIncluded: quote.tax_included,
          taxLines: quote.tax_lines,
          totalCents: quote.total_cents,
          source: by.source,
          createdBy: by.createdBy,
          marketingConsent: 'marketing_consent' in input ? input.marketing_consent : false,
        },
        quote.lines.map((l) => ({
          productId: l.product_id,
          name: l.name,
          unitPriceCents: l.unit_price_cents,
          discountPercent: l.discount_percent,
          finalUnitPriceCents: l.final_unit_price_cents,
          quantity: l.quantity,
          lineTotalCents: l.line_total_cents,
          options: l.options,
          taxRateMillipercent: priced.rateOf(l.product_id),
        })),
      );
      if (priced.couponId && quote.coupon_code) await rules.redeem(ctx.tenantId, priced.couponId, order.id, customerKey);
      // In product id order, like the row locks.
      for (const [productId, quantity] of [...priced.ordered].sort(([a], [b]) => a.localeCompare(b))) {
        if (priced.tracked.has(productId)) await moveStock(tx, ctx.tenantId, productId, -quantity, 'order', by.createdBy, `#${order.number}`);
      }

      const trackingUrl = `${ctx.origin}/order/${token}`;
      const rows = mailRows(ctx.lang, quote);
      if (order.customerEmail) {
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
            paragraphs: [{ key: 'orders.mail.placed_intro', params: { number: order.number } }, ...scheduledParagraph(ctx.lang, order, restaurant.timeZone), ...deliveryParagraph(order), ...noteParagraph(order), { key: `orders.mail.placed_${order.type}` }],
            rows,
            action: { labelKey: 'orders.mail.track_action', url: trackingUrl },
          },
        });
      }
      // Staff who typed in a phone order know of it already: the bell and the alert mail are for guests' orders.
      // Both are read by staff, so in the restaurant's language rather than the guest's.
      if (by.source === 'online') {
        const staffLang = restaurant.staffLanguage;
        // The bell writes the total in each reader's language, so it keeps the cents.
        await r.notify(ctx.tenantId, 'order', { number: order.number, name: order.customerName, total_cents: order.totalCents, currency: order.currencySymbol }, order.id);
        await enqueueMail(tx, {
          tenantId: ctx.tenantId,
          origin: ctx.origin,
          to: restaurant.email,
          language: staffLang,
          subjectId: order.id,
          mail: {
            site: restaurant.name,
            name: restaurant.name,
            subjectKey: 'orders.mail.alert_subject',
            subjectParams: { number: order.number, total: formatMoney(staffLang, order.totalCents, order.currencySymbol) },
            paragraphs: [{ key: 'orders.mail.alert_intro', params: { number: order.number, name: order.customerName, phone: order.customerPhone } }, ...scheduledParagraph(staffLang, order, restaurant.timeZone), ...deliveryParagraph(order), ...noteParagraph(order)],
            rows: mailRows(staffLang, quote),
            action: { labelKey: 'orders.mail.alert_action', url: `${ctx.origin}/dashboard/orders?order_id=${order.id}` },
            replyTo: order.customerEmail,
          },
        });
      }

      const body = { success: true as const, ...(await respond({ order, token, trackingUrl, restaurant, r })) };
      if (idempotencyKey) await r.storeResponse(ctx.tenantId, scope, idempotencyKey, 201, body);
      return { replay: false, status: 201, body };
    });
    if (!result.replay) {
      onMailQueued?.();
      live?.publish(ctx.tenantId, { topics: by.source === 'online' ? ['orders', 'notifications'] : ['orders'] });
    }
    return { status: result.status, body: result.body };
  }

  return {
    /**
     * What the checkout (or, for `phone`, staff taking an order by phone) may offer now; the order itself checks all
     * of it again.
     */
    async options(ctx: OrderContext, source: TOrderSource = 'online'): Promise<TOrderingOptions> {
      const restaurant = await loadRestaurant(repo, ctx.tenantId);
      const settings = await rules.settings(ctx.tenantId);
      const at = now();
      const clock = localClock(restaurant.timeZone, at);
      // Past midnight of an overnight day, the hours in force are still the previous day's.
      const today = hoursAt(restaurant.openingHours, clock.day, clock.time);
      const timing = timingContext(restaurant, settings, at, source);
      const counts = await slotCounts(rules, ctx.tenantId, timing);
      const days = orderDays(timing, counts);
      const asap = asapSlot(timing, counts);
      const asapPossible = !!asap && 'at' in asap && !asap.full;
      const paused = settings.paused_until && settings.paused_until > at ? settings.paused_until : null;
      const anySlot = days.some((d) => d.slots.some((slot) => !slot.full));
      let reason: string | null = null;
      try {
        assertTakingOrders(restaurant, source);
        // Busy: orders for later are still taken, from the pause's end on (the days above begin there).
        if (!anySlot && timing.pausedUntil) assertNotPaused(restaurant, settings, at);
      } catch (error) {
        reason = translate(ctx.lang, (error as AppError).message, (error as AppError).params);
      }
      if (!reason && !asapPossible && !anySlot) {
        const closedForToday = today !== null && clock.time >= today.open && settings.days_ahead === 0;
        reason = translate(ctx.lang, !settings.scheduled_enabled || closedForToday ? 'orders.errors.closed_for_today' : 'orders.errors.closed_today');
      }
      const zones = restaurant.deliveryEnabled ? await rules.activeZones(ctx.tenantId) : [];
      return {
        accepting: reason === null,
        reason,
        pickup_enabled: restaurant.pickupEnabled,
        delivery_enabled: restaurant.deliveryEnabled,
        delivery_fee_cents: restaurant.deliveryFeeCents,
        delivery_min_order_cents: restaurant.deliveryMinOrderCents,
        delivery_zones: zones.map((z) => ({ name: z.name, kind: z.kind, fee_cents: z.feeCents, min_order_cents: z.minOrderCents })),
        currency_symbol: restaurant.currencySymbol,
        today,
        open_now: asapPossible,
        asap_enabled: settings.asap_enabled,
        lead_time_minutes: settings.lead_time_minutes,
        slots: days.find((d) => d.date === clock.date)?.slots.filter((slot) => !slot.full).map((slot) => slot.time) ?? [],
        days,
        paused_until: paused?.toISOString() ?? null,
        tips: { enabled: settings.tips_enabled, presets: settings.tip_presets },
        prices_include_tax: settings.prices_include_tax,
        time_zone: restaurant.timeZone,
      };
    },

    /** Prices a cart for the checkout summary: the same rules as the order, nothing written. */
    async quote(ctx: OrderContext, input: QuoteInput): Promise<TOrderQuote> {
      const restaurant = await loadRestaurant(repo, ctx.tenantId);
      // A delivery price where there is no delivery would promise an order the checkout then refuses. (Pickup is the
      // quote's default, the food alone: priced even where only delivery is offered.)
      if (input.type === 'delivery') assertOrderType(restaurant, input.type);
      const settings = await rules.settings(ctx.tenantId);
      const customerKey = input.customer_email?.trim().toLowerCase() || null;
      return (await priceCart(db, ctx, restaurant, settings, input, customerKey, false)).quote;
    },

    /** The guest's order from the storefront. */
    checkout(ctx: OrderContext, input: Checkout, idempotencyKey: string | undefined): Promise<Reply<TCheckoutResult>> {
      return place(ctx, input, idempotencyKey, { source: 'online', createdBy: null }, async ({ order, token, trackingUrl, restaurant, r }) => ({
        data: { order: await tracked(r, ctx.tenantId, order, restaurant.timeZone), tracking_token: token, tracking_url: trackingUrl },
        message: translate(ctx.lang, 'orders.messages.placed', { number: order.number }),
      }));
    },

    /** An order staff took by phone: the checkout's rules, `source = 'phone'`, and who typed it in. */
    phoneOrder(ctx: OrderContext, input: PhoneOrder, idempotencyKey: string | undefined, userId: string): Promise<Reply<TPhoneOrderResult>> {
      return place(ctx, input, idempotencyKey, { source: 'phone', createdBy: userId }, async ({ order, trackingUrl, restaurant, r }) => ({
        data: { order: (await staffOrders(r, ctx.tenantId, [order], restaurant.timeZone))[0]!, tracking_url: trackingUrl },
        message: translate(ctx.lang, 'orders.messages.phone_placed', { number: order.number }),
      }));
    },

    /** The guest's view, by the secret token of their link. */
    async track(tenantId: string, token: string): Promise<TTrackedOrder> {
      const order = await repo.byTrackingHash(tenantId, hashToken(token));
      if (!order) throw new AppError('NOT_FOUND', 'orders.errors.not_found');
      const restaurant = await loadRestaurant(repo, tenantId);
      return tracked(repo, tenantId, order, restaurant.timeZone);
    },

    /** One page of orders; `from`/`to` are whole days on the restaurant's clock. */
    async list(tenantId: string, q: ListQuery): Promise<TPage<TOrder>> {
      const restaurant = await loadRestaurant(repo, tenantId);
      const tz = restaurant.timeZone;
      // The range ends where the day after `to` starts; after 9999-12-31 there is no such day, nor an end.
      const dayAfter = q.to ? dateNear(q.to, 1) : null;
      // Likewise the first day a date can name starts in year 0 in UTC east of Greenwich, which no timestamp holds.
      const dayBefore = q.from ? dateNear(q.from, -1) : null;
      const { rows, total } = await repo.list(tenantId, {
        status: q.status,
        type: q.type,
        source: q.source,
        from: q.from && dayBefore ? zonedTimeToUtc(q.from, '00:00', tz) : undefined,
        until: dayAfter ? zonedTimeToUtc(dayAfter, '00:00', tz) : undefined,
        sort: q.sort,
        search: q.search,
        page: q.page,
        perPage: q.per_page,
      });
      return {
        data: await staffOrders(repo, tenantId, rows, tz),
        total,
        per_page: q.per_page,
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
      };
    },

    async get(tenantId: string, id: string): Promise<TOrder> {
      const order = await repo.byId(tenantId, id);
      if (!order) throw new AppError('NOT_FOUND');
      const restaurant = await loadRestaurant(repo, tenantId);
      return (await staffOrders(repo, tenantId, [order], restaurant.timeZone))[0]!;
    },

    /** A legal status change with who and why, the stock given back on reject/cancel, and the guest told by mail; one transaction. */
    async changeStatus(ctx: OrderContext, id: string, change: StatusChange, userId: string): Promise<TOrder> {
      const order = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const r = createOrdersRepo(tx);
        const current = await r.byId(ctx.tenantId, id, true);
        if (!current) throw new AppError('NOT_FOUND');
        await applyTransition(
          tx,
          current,
          { tenantId: ctx.tenantId, origin: ctx.origin, status: change.status, reason: change.reason ?? null, readyInMinutes: change.ready_in_minutes, userId, now: now() },
          ctx.lang,
        );
        const restaurant = await loadRestaurant(r, ctx.tenantId);
        return (await staffOrders(r, ctx.tenantId, [(await r.byId(ctx.tenantId, id))!], restaurant.timeZone))[0]!;
      });
      onMailQueued?.();
      live?.publish(ctx.tenantId, { topics: ['orders'] });
      return order;
    },

    /** Whether online ordering runs, and whether an unaccepted order paused it (the orders page's banner). */
    async orderingState(tenantId: string): Promise<TOrderingState> {
      const row = await repo.orderingState(tenantId);
      if (!row) throw new AppError('TENANT_NOT_FOUND');
      const prep = row.prepMinutes ?? DEFAULT_ORDERING_SETTINGS.lead_time_minutes;
      return {
        is_open: row.isOpen,
        auto_paused_at: row.autoPausedAt?.toISOString() ?? null,
        time_zone: row.timeZone,
        prep_minutes: Math.min(READY_IN_MAX, Math.max(READY_IN_MIN, prep)),
      };
    },

    /** "Resume online ordering": open again and forget the automatic pause. */
    async resumeOrdering(tenantId: string): Promise<TOrderingState> {
      await repo.resumeOrdering(tenantId);
      live?.publish(tenantId, { topics: ['orders'] });
      return this.orderingState(tenantId);
    },

    purgeIdempotencyKeys: () => repo.purgeKeys(),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
