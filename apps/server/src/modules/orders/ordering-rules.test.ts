import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import type { TCheckoutRequest } from '@tavolo/contracts/orders';
import { couponRedemptions, coupons, deliveryZones, mailOutbox, menuOptions, optionGroups, orderingSettings, orderItems, orders, productOptionGroups, products, taxRates, tenantSettings } from '../../db/schema/index.ts';
import { client, describeEachDb, useTestApp, type TestTeam } from '../../test/harness.ts';

/** Issue #10: every checkout rule, its translated message on its field, and the money stored as quoted. */

const msg = (key: string, params?: Record<string, unknown>) => translate('en', key, params);
// A Wednesday, 12:00 UTC; the restaurant runs on Berlin time (14:00 in June), opening hours 09:00–22:00.
const NOON = new Date('2026-06-10T12:00:00Z');

describeEachDb('ordering rules at checkout', (kind) => {
  let clock = NOON;
  const t = useTestApp(kind, { now: () => clock, env: { CHECKOUT_MAX_PER_IP_PER_MINUTE: '1000' } });
  let team: TestTeam;
  let pizza: string;
  let beer: string;
  let size: { group: string; regular: string; large: string };
  let extras: { group: string; cheese: string; olives: string; ham: string; retired: string };
  let foreignOption: string;
  let food: string;
  let drinks: string;

  const guest = () => client(t.app, team.r.host);
  const body = (overrides: Partial<TCheckoutRequest> = {}): TCheckoutRequest => ({
    items: [{ product_id: pizza, quantity: 1, options: [size.regular] }],
    customer_name: 'Ada Lovelace',
    customer_phone: '+49 30 1234567',
    customer_email: 'ada@example.com',
    type: 'pickup',
    ...overrides,
  });
  const order = (b: unknown) => guest().post('/api/tenant/orders', b);
  const quote = (b: unknown) => guest().post('/api/tenant/orders/quote', b);
  const settings = (values: Partial<typeof orderingSettings.$inferInsert>) =>
    t.db
      .insert(orderingSettings)
      .values({ tenantId: team.r.tenantId, ...values })
      .onConflictDoUpdate({ target: orderingSettings.tenantId, set: values });
  const orderCount = async () => (await t.db.select().from(orders).where(eq(orders.tenantId, team.r.tenantId))).length;

  /** A 422 on `field` whose message is the translated rule, with nothing written. */
  async function refused(res: { statusCode: number; json(): { message: string; errors?: Record<string, string[]> } }, field: string, key: string, params?: Record<string, unknown>) {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
    expect(res.json().errors?.[field]).toEqual([msg(key, params)]);
  }

  beforeAll(async () => {
    team = await t.registerTeam('rules');
    await t.db.update(tenantSettings).set({ timeZone: 'Europe/Berlin', deliveryEnabled: true, currencySymbol: '€' }).where(eq(tenantSettings.tenantId, team.r.tenantId));
    const mains = await t.addCategory(team.r.tenantId, { name: 'Mains' });
    pizza = await t.addProduct(team.r.tenantId, mains, { name: 'Pizza', priceCents: 1000 });
    beer = await t.addProduct(team.r.tenantId, mains, { name: 'Beer', priceCents: 450 });

    const tenantId = team.r.tenantId;
    const [sizeGroup] = await t.db.insert(optionGroups).values({ tenantId, name: 'Size', minSelect: 1, maxSelect: 1 }).returning();
    const [extrasGroup] = await t.db.insert(optionGroups).values({ tenantId, name: 'Extras', minSelect: 0, maxSelect: 2 }).returning();
    const add = async (groupId: string, name: string, priceDeltaCents: number, isActive = true) =>
      (await t.db.insert(menuOptions).values({ tenantId, groupId, name, priceDeltaCents, isActive }).returning())[0]!.id;
    size = { group: sizeGroup!.id, regular: await add(sizeGroup!.id, 'Regular', 0), large: await add(sizeGroup!.id, 'Large', 300) };
    extras = {
      group: extrasGroup!.id,
      cheese: await add(extrasGroup!.id, 'Cheese', 150),
      olives: await add(extrasGroup!.id, 'Olives', 100),
      ham: await add(extrasGroup!.id, 'Ham', 200),
      retired: await add(extrasGroup!.id, 'Anchovies', 100, false),
    };
    await t.db.insert(productOptionGroups).values([
      { tenantId, productId: pizza, groupId: size.group, sortOrder: 0 },
      { tenantId, productId: pizza, groupId: extras.group, sortOrder: 1 },
    ]);
    const [theirGroup] = await t.db.insert(optionGroups).values({ tenantId: team.other.tenantId, name: 'Size', minSelect: 0, maxSelect: 1 }).returning();
    foreignOption = (await t.db.insert(menuOptions).values({ tenantId: team.other.tenantId, groupId: theirGroup!.id, name: 'Huge', priceDeltaCents: -900 }).returning())[0]!.id;

    const rates = await t.db
      .insert(taxRates)
      .values([
        { tenantId, name: 'VAT', rateMillipercent: 7000, isDefault: true, sortOrder: 0 },
        { tenantId, name: 'VAT', rateMillipercent: 19000, isDefault: false, sortOrder: 1 },
      ])
      .returning();
    food = rates[0]!.id;
    drinks = rates[1]!.id;
    await t.db.update(products).set({ taxRateId: drinks }).where(eq(products.id, beer));
  });

  beforeEach(async () => {
    clock = NOON;
    await t.db.delete(orderingSettings).where(eq(orderingSettings.tenantId, team.r.tenantId));
    await t.db.delete(deliveryZones).where(eq(deliveryZones.tenantId, team.r.tenantId));
    await t.db.delete(coupons).where(eq(coupons.tenantId, team.r.tenantId));
  });

  describe('item options', () => {
    it('prices the chosen options and keeps one line per distinct choice, stored with names and prices', async () => {
      const res = await order(
        body({
          items: [
            { product_id: pizza, quantity: 1, options: [size.large, extras.cheese] },
            { product_id: pizza, quantity: 1, options: [extras.cheese, size.large] },
            { product_id: pizza, quantity: 1, options: [size.regular] },
          ],
        }),
      );
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
      const lines = res.json().data.order.lines as { quantity: number; unit_price_cents: number; options: { name: string }[] }[];
      expect(lines.map((l) => [l.quantity, l.unit_price_cents, l.options.map((o) => o.name)]).sort()).toEqual([
        [1, 1000, ['Regular']],
        [2, 1450, ['Large', 'Cheese']],
      ]);
      expect(res.json().data.order.subtotal_cents).toBe(3900);
      const stored = await t.db.select().from(orderItems).where(eq(orderItems.tenantId, team.r.tenantId));
      expect(stored.find((i) => i.quantity === 2)?.options).toEqual([
        { group: 'Size', name: 'Large', price_delta_cents: 300 },
        { group: 'Extras', name: 'Cheese', price_delta_cents: 150 },
      ]);
    });

    it('refuses a missing required choice, too many extras, an inactive option and another restaurant’s option, writing nothing', async () => {
      const before = await orderCount();
      await refused(await order(body({ items: [{ product_id: pizza, quantity: 1, options: [] }] })), 'items.0.options', 'ordering.checkout.option_required', { group: 'Size', name: 'Pizza' });
      await refused(
        await order(body({ items: [{ product_id: pizza, quantity: 1, options: [size.regular, extras.cheese, extras.olives, extras.ham] }] })),
        'items.0.options',
        'ordering.checkout.option_max',
        { max: 2, group: 'Extras', name: 'Pizza' },
      );
      await refused(await order(body({ items: [{ product_id: pizza, quantity: 1, options: [size.regular, size.large] }] })), 'items.0.options', 'ordering.checkout.option_max', { max: 1, group: 'Size', name: 'Pizza' });
      await refused(await order(body({ items: [{ product_id: pizza, quantity: 1, options: [size.regular, extras.retired] }] })), 'items.0.options', 'ordering.checkout.option_unavailable', { name: 'Pizza' });
      await refused(await order(body({ items: [{ product_id: pizza, quantity: 1, options: [size.regular, foreignOption] }] })), 'items.0.options', 'ordering.checkout.option_unavailable', { name: 'Pizza' });
      // An option of the pizza's group sent for the beer, which offers none.
      await refused(await order(body({ items: [{ product_id: beer, quantity: 1, options: [size.large] }] })), 'items.0.options', 'ordering.checkout.option_unavailable', { name: 'Beer' });
      expect(await orderCount()).toBe(before);
    });
  });

  describe('delivery zones', () => {
    beforeEach(async () => {
      await t.db.insert(deliveryZones).values([
        { tenantId: team.r.tenantId, name: 'Centre', kind: 'postal_codes', postalCodes: ['10115', '10117'], feeCents: 250, minOrderCents: 1500, sortOrder: 0 },
        { tenantId: team.r.tenantId, name: 'Outskirts', kind: 'postal_codes', postalCodes: ['12*'], feeCents: 450, minOrderCents: 2500, sortOrder: 1 },
        { tenantId: team.r.tenantId, name: 'Nearby', kind: 'radius', radiusMeters: 3000, feeCents: 300, minOrderCents: 0, sortOrder: 2 },
      ]);
    });
    const delivery = (postal: string | undefined, items = [{ product_id: pizza, quantity: 2, options: [size.regular] }], extra: Partial<TCheckoutRequest> = {}) =>
      body({ type: 'delivery', delivery_address: 'Unter den Linden 1', delivery_postal_code: postal, items, ...extra });

    it('charges the fee of the first zone that covers the postal code (spaces and case do not matter, * is a prefix)', async () => {
      const centre = await order(delivery('101 15'));
      expect(centre.statusCode, JSON.stringify(centre.json())).toBe(201);
      expect(centre.json().data.order).toMatchObject({ delivery_fee_cents: 250, delivery_zone_name: 'Centre', delivery_postal_code: '101 15', total_cents: 2250 });
      // A US ZIP+4 is the zone of its ZIP.
      expect((await quote(delivery('10117-4321'))).json().data).toMatchObject({ delivery_fee_cents: 250, delivery_zone_name: 'Centre' });
      const outskirts = await quote(delivery('12049', [{ product_id: pizza, quantity: 3, options: [size.regular] }]));
      expect(outskirts.json().data).toMatchObject({ delivery_fee_cents: 450, delivery_zone_name: 'Outskirts', delivery_min_missing_cents: 0 });
    });

    it('refuses an address outside every zone, and a zone’s minimum, on the postal code', async () => {
      await refused(await order(delivery('80331')), 'delivery_postal_code', 'ordering.checkout.outside_zones', { postal_code: '80331' });
      await refused(await order(delivery('12049')), 'delivery_postal_code', 'ordering.checkout.zone_minimum', { zone: 'Outskirts', minimum: '€25.00', missing: '€5.00' });
      await refused(await order(delivery(undefined)), 'delivery_postal_code', 'validation.required');
      // The quote before the address is typed adds no fee yet.
      expect((await quote(delivery(undefined))).json().data).toMatchObject({ delivery_fee_cents: 0, delivery_zone_name: null });
    });

    it('a radius zone needs the restaurant’s location and the guest’s; distance decides', async () => {
      await settings({ latitude: 52.52, longitude: 13.405 });
      await refused(await order(delivery('99999')), 'delivery_location', 'ordering.checkout.location_needed');
      const near = await order(delivery('99999', undefined, { delivery_location: { latitude: 52.53, longitude: 13.41 } }));
      expect(near.statusCode, JSON.stringify(near.json())).toBe(201);
      expect(near.json().data.order).toMatchObject({ delivery_zone_name: 'Nearby', delivery_fee_cents: 300 });
      await refused(await order(delivery('99999', undefined, { delivery_location: { latitude: 52.7, longitude: 13.405 } })), 'delivery_postal_code', 'ordering.checkout.outside_zones', { postal_code: '99999' });
      // Far away and no postal code: the postal-code zones need it ("we do not deliver to ." before); with radius
      // zones only, the address is out of reach.
      const far = { delivery_location: { latitude: 52.7, longitude: 13.405 } };
      await refused(await quote(delivery(undefined, undefined, far)), 'delivery_postal_code', 'validation.required');
      await t.db.delete(deliveryZones).where(and(eq(deliveryZones.tenantId, team.r.tenantId), eq(deliveryZones.kind, 'postal_codes')));
      await refused(await quote(delivery(undefined, undefined, far)), 'delivery_location', 'ordering.checkout.outside_area');
    });
  });

  describe('timing', () => {
    it('offers days ahead with slots after the preparation time; ASAP counts against the first slot', async () => {
      await settings({ leadTimeMinutes: 30, slotIntervalMinutes: 30, daysAhead: 2 });
      const options = (await guest().get('/api/tenant/orders/options')).json().data;
      expect(options).toMatchObject({ accepting: true, open_now: true, asap_enabled: true, lead_time_minutes: 30, time_zone: 'Europe/Berlin' });
      // 14:00 Berlin + 30 minutes.
      expect(options.days.map((d: { date: string }) => d.date)).toEqual(['2026-06-10', '2026-06-11', '2026-06-12']);
      expect(options.days[0].slots[0]).toEqual({ time: '14:30', full: false });
      expect(options.days[1].slots[0]).toEqual({ time: '09:00', full: false });
      const asap = await order(body());
      expect(asap.statusCode).toBe(201);
      const [row] = await t.db.select().from(orders).where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.number, asap.json().data.order.number)));
      expect(row!.requestedTime).toBeNull();
      expect(row!.slotAt?.toISOString()).toBe('2026-06-10T12:30:00.000Z');
    });

    it('takes an order for a later day and stores that instant; the mail names the day', async () => {
      await settings({ daysAhead: 2 });
      const res = await order(body({ requested_date: '2026-06-12', requested_time: '19:30' }));
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
      expect(res.json().data.order.requested_time).toBe('2026-06-12T17:30:00.000Z');
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ada@example.com'));
      expect(JSON.stringify(mails.at(-1)!.payload)).toContain('ordering.mail.scheduled_for');
    });

    it('refuses each broken timing rule on its field', async () => {
      await settings({ daysAhead: 1, leadTimeMinutes: 45 });
      await refused(await order(body({ requested_date: '2026-06-13', requested_time: '12:00' })), 'requested_date', 'ordering.checkout.too_far_ahead', { days: 1 });
      await refused(await order(body({ requested_time: '14:30' })), 'requested_time', 'ordering.checkout.too_soon', { minutes: 45, earliest: '14:45' });
      await refused(await order(body({ requested_time: '14:07' })), 'requested_time', 'ordering.checkout.not_a_slot');
      await refused(await order(body({ requested_time: '23:00' })), 'requested_time', 'orders.validation.time_outside_hours', { open: '09:00', close: '22:00' });
      await refused(await order(body({ requested_time: '10:00' })), 'requested_time', 'orders.validation.time_past');
      await refused(await order(body({ requested_date: '2026-06-11' })), 'requested_time', 'validation.required');
      await refused(await order(body({ requested_date: '2026-06-31', requested_time: '12:00' })), 'requested_date', 'orders.validation.date');
      await settings({ asapEnabled: false });
      await refused(await order(body()), 'requested_time', 'ordering.checkout.asap_off');
      await settings({ asapEnabled: true, scheduledEnabled: false });
      await refused(await order(body({ requested_time: '19:00' })), 'requested_time', 'ordering.checkout.scheduled_off');
      const options = (await guest().get('/api/tenant/orders/options')).json().data;
      expect(options.days).toEqual([]);
    });

    it('a closed day is refused; a full slot is shown full and refused (throttling)', async () => {
      await t.db
        .update(tenantSettings)
        .set({ openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: day === 4, open: '09:00', close: '22:00' })) })
        .where(eq(tenantSettings.tenantId, team.r.tenantId));
      await refused(await order(body({ requested_date: '2026-06-11', requested_time: '19:00' })), 'requested_date', 'ordering.checkout.day_closed');
      await t.db.update(tenantSettings).set({ openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '09:00', close: '22:00' })) }).where(eq(tenantSettings.tenantId, team.r.tenantId));

      await settings({ maxOrdersPerSlot: 2 });
      const at = { requested_date: '2026-06-10', requested_time: '19:00' };
      expect((await order(body(at))).statusCode).toBe(201);
      expect((await order(body(at))).statusCode).toBe(201);
      await refused(await order(body(at)), 'requested_time', 'ordering.checkout.slot_full', { time: '19:00' });
      const today = (await guest().get('/api/tenant/orders/options')).json().data.days[0];
      expect(today.slots.find((s: { time: string }) => s.time === '19:00')).toEqual({ time: '19:00', full: true });
      expect(today.slots.find((s: { time: string }) => s.time === '19:15')).toEqual({ time: '19:15', full: false });
    });

    it('hours past midnight (#3): the owner saves Fri 18:00–02:00; at Sat 01:00 the storefront is open and takes ASAP and 01:30, not 02:30', async () => {
      const before = (await team.admin.get('/api/tenant/admin/settings')).json().data;
      const week = before.opening_hours.map((d: { day: number }) => (d.day === 5 ? { ...d, closed: false, open: '18:00', close: '02:00' } : d.day === 6 ? { ...d, closed: true } : d));
      const saved = await team.admin.put('/api/tenant/admin/settings', { ...before, opening_hours: week });
      expect(saved.statusCode, saved.body).toBe(200);
      const read = (await team.admin.get('/api/tenant/admin/settings')).json().data;
      expect(read.opening_hours.find((d: { day: number }) => d.day === 5)).toEqual({ day: 5, closed: false, open: '18:00', close: '02:00' });
      try {
        await settings({ leadTimeMinutes: 20, slotIntervalMinutes: 15, daysAhead: 1 });
        // Saturday 01:00 in Berlin: Friday's hours still run (Saturday itself is closed).
        clock = new Date('2026-06-12T23:00:00Z');
        const details = (await guest().get('/api/tenant/get-tenant-details')).json().data;
        expect(details).toMatchObject({ open_now: true, today_hours: { open: '18:00', close: '02:00' } });
        const options = (await guest().get('/api/tenant/orders/options')).json().data;
        expect(options).toMatchObject({ accepting: true, open_now: true, slots: ['01:30', '01:45', '02:00'] });
        const asap = await order(body());
        expect(asap.statusCode, asap.body).toBe(201);
        const later = await order(body({ requested_date: '2026-06-13', requested_time: '01:30' }));
        expect(later.statusCode, later.body).toBe(201);
        expect(later.json().data.order.requested_time).toBe('2026-06-12T23:30:00.000Z');
        await refused(await order(body({ requested_date: '2026-06-13', requested_time: '02:30' })), 'requested_time', 'orders.validation.time_outside_hours', { open: '00:00', close: '02:00' });
        // At 02:00 the night is over.
        clock = new Date('2026-06-13T00:00:00Z');
        expect((await guest().get('/api/tenant/get-tenant-details')).json().data.open_now).toBe(false);
        expect((await order(body())).statusCode).toBe(422);
      } finally {
        expect((await team.admin.put('/api/tenant/admin/settings', before)).statusCode).toBe(200);
      }
    });

    it('many guests racing for one slot never overfill it', async () => {
      await settings({ maxOrdersPerSlot: 3 });
      const at = { requested_date: '2026-06-11', requested_time: '13:00' };
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => order(body({ ...at, customer_email: `racer${i}@example.com` }))));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 422)).toHaveLength(9);
      const held = await t.db.select().from(orders).where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.slotAt, new Date('2026-06-11T11:00:00Z'))));
      expect(held).toHaveLength(3);
    });
  });

  describe('pausing for a while', () => {
    it('refuses online orders for as soon as possible until the pause ends, says until when, and lets staff take phone orders', async () => {
      await settings({ pausedUntil: new Date('2026-06-10T12:45:00Z'), scheduledEnabled: false });
      const res = await order(body());
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(msg('ordering.checkout.paused_until', { time: '14:45' }));
      expect((await guest().get('/api/tenant/orders/options')).json().data).toMatchObject({
        accepting: false,
        reason: msg('ordering.checkout.paused_until', { time: '14:45' }),
        open_now: false,
        paused_until: '2026-06-10T12:45:00.000Z',
      });
      // Staff taking a call see the kitchen's own times: as soon as possible, today.
      expect((await team.manager.get('/api/tenant/orders/options?source=phone')).json().data).toMatchObject({ accepting: true, reason: null, open_now: true });
      const phone = await team.manager.post('/api/tenant/orders/phone', { ...body(), customer_email: undefined });
      expect(phone.statusCode, JSON.stringify(phone.json())).toBe(201);
      clock = new Date('2026-06-10T12:46:00Z');
      expect((await order(body())).statusCode).toBe(201);
    });

    it('still takes orders for later, from a preparation time after the pause on; the times offered begin there', async () => {
      // Busy until 15:05 Berlin; the kitchen needs 20 minutes and plans every 15: 15:30 is the first time.
      await settings({ pausedUntil: new Date('2026-06-10T13:05:00Z'), leadTimeMinutes: 20, slotIntervalMinutes: 15 });
      const options = (await guest().get('/api/tenant/orders/options')).json().data;
      expect(options).toMatchObject({ accepting: true, reason: null, open_now: false, paused_until: '2026-06-10T13:05:00.000Z' });
      expect(options.days[0].date).toBe('2026-06-10');
      expect(options.days[0].slots[0]).toEqual({ time: '15:30', full: false });
      // Staff on the phone are not held back: their first time is 20 minutes from now (14:00).
      expect((await team.manager.get('/api/tenant/orders/options?source=phone')).json().data.days[0].slots[0]).toEqual({ time: '14:30', full: false });

      const before = await orderCount();
      await refused(await order(body({ requested_date: '2026-06-10', requested_time: '15:15' })), 'requested_time', 'ordering.checkout.paused_too_soon', { until: '15:05', earliest: '15:30' });
      expect(await orderCount()).toBe(before);
      const later = await order(body({ requested_date: '2026-06-10', requested_time: '15:30' }));
      expect(later.statusCode, JSON.stringify(later.json())).toBe(201);
      const tomorrow = await order(body({ requested_date: '2026-06-11', requested_time: '12:00' }));
      expect(tomorrow.statusCode, JSON.stringify(tomorrow.json())).toBe(201);
      // A phone order for 14:30 is taken: the pause holds back guests only.
      const phone = await team.manager.post('/api/tenant/orders/phone', { ...body({ requested_date: '2026-06-10', requested_time: '14:30' }), customer_email: undefined });
      expect(phone.statusCode, JSON.stringify(phone.json())).toBe(201);
    });

    it('a source other than online or phone is refused', async () => {
      const res = await guest().get('/api/tenant/orders/options?source=kiosk');
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['source']);
    });
  });

  describe('what the guest agreed to', () => {
    it('an order whose total changed since the summary the guest saw is refused with the new total; the same total is taken', async () => {
      const shown = (await quote(body())).json().data.total_cents;
      expect(shown).toBe(1000);
      await t.db.update(products).set({ priceCents: 1200 }).where(eq(products.id, pizza));
      try {
        const before = await orderCount();
        const changed = await order(body({ expected_total_cents: shown }));
        expect(changed.statusCode, JSON.stringify(changed.json())).toBe(409);
        expect(changed.json().message).toBe(msg('orders.errors.total_changed', { total: '€12.00' }));
        expect(changed.json().errors).toEqual({ expected_total_cents: [msg('orders.errors.total_changed', { total: '€12.00' })] });
        expect(await orderCount()).toBe(before);
        const agreed = await order(body({ expected_total_cents: 1200 }));
        expect(agreed.statusCode, JSON.stringify(agreed.json())).toBe(201);
        expect(agreed.json().data.order.total_cents).toBe(1200);
      } finally {
        await t.db.update(products).set({ priceCents: 1000 }).where(eq(products.id, pizza));
      }
    });

    it('an order past 1,000,000.00 is refused on its lines, in the summary too (it was a 500 from the database)', async () => {
      const caviar = await t.addProduct(team.r.tenantId, await t.addCategory(team.r.tenantId, { name: 'Luxury' }), { name: 'Caviar', priceCents: 10_000_000 });
      const huge = body({ items: [{ product_id: caviar, quantity: 11 }] });
      const maximum = { maximum: '€1,000,000.00' };
      expect((await quote(huge)).json().errors).toEqual({ items: [msg('orders.validation.order_too_large', maximum)] });
      const before = await orderCount();
      await refused(await order(huge), 'items', 'orders.validation.order_too_large', maximum);
      expect(await orderCount()).toBe(before);
      expect((await order(body({ items: [{ product_id: caviar, quantity: 10 }] }))).statusCode).toBe(201);
    });

    it('a tip is at most the food after discounts', async () => {
      await settings({ tipsEnabled: true });
      await refused(await order(body({ tip: { kind: 'amount', cents: 1001 } })), 'tip', 'ordering.checkout.tip_too_high', { maximum: '€10.00' });
      await refused(await quote(body({ tip: { kind: 'amount', cents: 1_000_000 } })), 'tip', 'ordering.checkout.tip_too_high', { maximum: '€10.00' });
      expect((await order(body({ tip: { kind: 'percent', percent: 100 } }))).json().data.order).toMatchObject({ tip_cents: 1000, total_cents: 2000 });
    });

    it('staff take phone orders while online ordering is switched off; the storefront is refused', async () => {
      await t.db.update(tenantSettings).set({ isOpen: false }).where(eq(tenantSettings.tenantId, team.r.tenantId));
      try {
        expect((await order(body())).json().message).toBe(msg('orders.errors.paused'));
        const phone = await team.manager.post('/api/tenant/orders/phone', { ...body(), customer_email: undefined });
        expect(phone.statusCode, JSON.stringify(phone.json())).toBe(201);
      } finally {
        await t.db.update(tenantSettings).set({ isOpen: true }).where(eq(tenantSettings.tenantId, team.r.tenantId));
      }
    });

    it('a coupon once per customer counts a phone number however it is written', async () => {
      await t.db.insert(coupons).values({ tenantId: team.r.tenantId, code: 'CALLER', kind: 'fixed', value: 100, maxUsesPerCustomer: 1 });
      const byPhone = (customer_phone: string) => team.manager.post('/api/tenant/orders/phone', { ...body({ coupon_code: 'CALLER' }), customer_email: undefined, customer_phone });
      expect((await byPhone('+1 (212) 555-0199')).statusCode).toBe(201);
      await refused(await byPhone('+12125550199'), 'coupon_code', 'ordering.checkout.coupon_used_by_you');
    });
  });

  describe('tips', () => {
    it('are refused while switched off; a percentage is of the food after discounts, an amount is as typed', async () => {
      await refused(await order(body({ tip: { kind: 'percent', percent: 10 } })), 'tip', 'ordering.checkout.tips_off');
      await settings({ tipsEnabled: true });
      const percent = await order(body({ items: [{ product_id: pizza, quantity: 3, options: [size.regular] }], tip: { kind: 'percent', percent: 15 } }));
      expect(percent.json().data.order).toMatchObject({ tip_cents: 450, total_cents: 3450 });
      const amount = await order(body({ tip: { kind: 'amount', cents: 275 } }));
      expect(amount.json().data.order).toMatchObject({ tip_cents: 275, total_cents: 1275 });
    });
  });

  describe('coupons', () => {
    const coupon = (values: Partial<typeof coupons.$inferInsert>) => t.db.insert(coupons).values({ tenantId: team.r.tenantId, code: 'SAVE10', kind: 'percent', value: 10, ...values });
    const withCoupon = (code: string, extra: Partial<TCheckoutRequest> = {}) => body({ items: [{ product_id: pizza, quantity: 2, options: [size.regular] }], coupon_code: code, ...extra });

    it('applies a code in any case, once per order, and counts the use', async () => {
      await coupon({ code: 'SAVE10' });
      const q = await quote(withCoupon('save10'));
      expect(q.json().data).toMatchObject({ coupon_code: 'SAVE10', coupon_discount_cents: 200, total_cents: 1800 });
      const res = await order(withCoupon('Save10'));
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
      expect(res.json().data.order).toMatchObject({ coupon_code: 'SAVE10', coupon_discount_cents: 200, total_cents: 1800 });
      expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.tenantId, team.r.tenantId))).toHaveLength(1);
    });

    it('refuses unknown, inactive, early, expired, minimum not met, and another restaurant’s codes', async () => {
      await coupon({ code: 'OFF', isActive: false });
      await coupon({ code: 'SOON', validFrom: '2026-06-11' });
      await coupon({ code: 'OLD', validUntil: '2026-06-09' });
      await coupon({ code: 'BIG', kind: 'fixed', value: 500, minOrderCents: 3000 });
      await t.db.insert(coupons).values({ tenantId: team.other.tenantId, code: 'THEIRS', kind: 'percent', value: 50 });
      await refused(await order(withCoupon('NOPE')), 'coupon_code', 'ordering.checkout.coupon_unknown');
      await refused(await order(withCoupon('OFF')), 'coupon_code', 'ordering.checkout.coupon_unknown');
      await refused(await order(withCoupon('THEIRS')), 'coupon_code', 'ordering.checkout.coupon_unknown');
      await refused(await order(withCoupon('SOON')), 'coupon_code', 'ordering.checkout.coupon_not_yet', { date: 'Jun 11, 2026' });
      await refused(await order(withCoupon('OLD')), 'coupon_code', 'ordering.checkout.coupon_expired', { date: 'Jun 9, 2026' });
      await refused(await order(withCoupon('BIG')), 'coupon_code', 'ordering.checkout.coupon_minimum', { minimum: '€30.00', total: '€20.00' });
      await refused(await quote(withCoupon('BIG')), 'coupon_code', 'ordering.checkout.coupon_minimum', { minimum: '€30.00', total: '€20.00' });
      // The minimum counts after the restaurant's discount: the message says so and names the discounted sum.
      const setDiscount = (discountPercent: number) => t.db.update(tenantSettings).set({ discountPercent }).where(eq(tenantSettings.tenantId, team.r.tenantId));
      await setDiscount(10);
      const discounted = await quote(withCoupon('BIG', { items: [{ product_id: pizza, quantity: 3, options: [size.regular] }] }));
      expect(discounted.json().errors.coupon_code).toEqual(['This coupon needs an order of at least €30.00 after discounts; your order comes to €27.00.']);
      await setDiscount(0);
      // A German guest reads the amounts as Germans write them, like the checkout shows them.
      const germanMinimum = await guest().post('/api/tenant/orders/quote', withCoupon('BIG'), { headers: { 'accept-language': 'de' } });
      expect(germanMinimum.json().errors.coupon_code).toEqual(['Dieser Gutschein gilt ab einem Bestellwert von 30,00 € nach Rabatten; Ihre Bestellung beträgt 20,00 €.']);
      const german = await guest().post('/api/tenant/orders', withCoupon('OLD'), { headers: { 'accept-language': 'de' } });
      expect(german.json().errors.coupon_code).toEqual([translate('de', 'ordering.checkout.coupon_expired', { date: '09.06.2026' })]);
    });

    it('holds its limits overall and per customer; a cancelled order gives its use back', async () => {
      await coupon({ code: 'ONCE', maxUsesPerCustomer: 1, maxUses: 2 });
      const first = await order(withCoupon('ONCE'));
      expect(first.statusCode).toBe(201);
      await refused(await order(withCoupon('ONCE')), 'coupon_code', 'ordering.checkout.coupon_used_by_you');
      await refused(await quote(withCoupon('ONCE', { customer_email: 'ADA@example.com' })), 'coupon_code', 'ordering.checkout.coupon_used_by_you');
      expect((await order(withCoupon('ONCE', { customer_email: 'bob@example.com' }))).statusCode).toBe(201);
      await refused(await order(withCoupon('ONCE', { customer_email: 'eve@example.com' })), 'coupon_code', 'ordering.checkout.coupon_used_up');
      const cancel = await team.manager.patch(`/api/tenant/orders/${await orderId(first.json().data.order.number)}/status`, { status: 'rejected', reason: 'Out of dough' });
      expect(cancel.statusCode, JSON.stringify(cancel.json())).toBe(200);
      expect((await order(withCoupon('ONCE', { customer_email: 'eve@example.com' }))).statusCode).toBe(201);
    });

    it('racing guests never take more uses than the limit', async () => {
      await coupon({ code: 'RACE', maxUses: 2 });
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => order(withCoupon('RACE', { customer_email: `c${i}@example.com` }))));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
      expect(results.filter((r) => r.statusCode === 422)).toHaveLength(8);
    });
  });

  describe('taxes', () => {
    it('German style: VAT contained in the prices, one line per rate, stored on the order and its lines', async () => {
      const res = await order(body({ items: [{ product_id: pizza, quantity: 1, options: [size.regular] }, { product_id: beer, quantity: 2, options: [] }] }));
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
      // 1000 x 7/107 = 65.42 -> 65; 900 x 19/119 = 143.70 -> 144.
      expect(res.json().data.order).toMatchObject({
        total_cents: 1900,
        tax_included: true,
        tax_cents: 209,
        tax_lines: [
          { name: 'VAT', rate_millipercent: 7000, base_cents: 1000, tax_cents: 65 },
          { name: 'VAT', rate_millipercent: 19000, base_cents: 900, tax_cents: 144 },
        ],
      });
      const items = await t.db.select().from(orderItems).where(eq(orderItems.tenantId, team.r.tenantId));
      expect(items.filter((i) => i.name === 'Beer').every((i) => i.taxRateMillipercent === 19000)).toBe(true);
    });

    it('US style: tax added on top of the menu prices, in the total', async () => {
      await settings({ pricesIncludeTax: false });
      const res = await order(body({ items: [{ product_id: pizza, quantity: 1, options: [size.regular] }] }));
      expect(res.json().data.order).toMatchObject({ subtotal_cents: 1000, tax_included: false, tax_cents: 70, total_cents: 1070 });
      // The mail names the rate with its percentage, above the total.
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ada@example.com')).orderBy(desc(mailOutbox.createdAt)).limit(1);
      const rows = (mail!.payload as { rows: { labelKey?: string; labelParams?: { name: string }; value: string }[] }).rows;
      expect(rows.slice(-2)).toEqual([
        { labelKey: 'ordering.mail.tax_added', labelParams: { name: 'VAT (7%)' }, value: '€0.70' },
        { labelKey: 'orders.mail.total', value: '€10.70', strong: true },
      ]);
      // A German guest's mail: German amounts and rate.
      await t.db.update(taxRates).set({ rateMillipercent: 8875 }).where(and(eq(taxRates.tenantId, team.r.tenantId), eq(taxRates.id, food)));
      expect((await guest().post('/api/tenant/orders', body({ customer_email: 'ute@example.com' }), { headers: { 'accept-language': 'de' } })).statusCode).toBe(201);
      const [germanMail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ute@example.com'));
      expect((germanMail!.payload as { rows: unknown[] }).rows.slice(-2)).toEqual([
        // Amount and symbol held together (a phone's mail view broke "10,89 / €").
        { labelKey: 'ordering.mail.tax_added', labelParams: { name: 'VAT (8,875 %)' }, value: '0,89\u00a0€' },
        { labelKey: 'orders.mail.total', value: '10,89\u00a0€', strong: true },
      ]);
      await t.db.update(taxRates).set({ rateMillipercent: 7000 }).where(and(eq(taxRates.tenantId, team.r.tenantId), eq(taxRates.id, food)));
      expect(food).not.toBe(drinks);
    });
  });

  it('the stored order matches its quote figure by figure', async () => {
    await settings({ tipsEnabled: true });
    await t.db.insert(coupons).values({ tenantId: team.r.tenantId, code: 'MATCH', kind: 'fixed', value: 333 });
    await t.db.insert(deliveryZones).values({ tenantId: team.r.tenantId, name: 'All', kind: 'postal_codes', postalCodes: ['1*'], feeCents: 199, minOrderCents: 0 });
    const request = body({
      type: 'delivery',
      delivery_address: 'Street 1',
      delivery_postal_code: '10115',
      items: [{ product_id: pizza, quantity: 2, options: [size.large, extras.olives] }, { product_id: beer, quantity: 3, options: [] }],
      coupon_code: 'MATCH',
      tip: { kind: 'percent', percent: 10 },
      requested_date: '2026-06-11',
      requested_time: '18:45',
    });
    const q = (await quote(request)).json().data;
    const placed = await order(request);
    expect(placed.statusCode, JSON.stringify(placed.json())).toBe(201);
    const figures = ['subtotal_cents', 'discount_cents', 'coupon_discount_cents', 'delivery_fee_cents', 'tip_cents', 'tax_cents', 'tax_lines', 'total_cents'] as const;
    for (const f of figures) expect(placed.json().data.order[f], f).toEqual(q[f]);
    const [row] = await t.db.select().from(orders).where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.number, placed.json().data.order.number)));
    expect(row).toMatchObject({ totalCents: q.total_cents, tipCents: q.tip_cents, couponDiscountCents: q.coupon_discount_cents, taxCents: q.tax_cents, deliveryFeeCents: 199 });
  });

  it("a tiny order keeps the restaurant's discount as the checkout showed it (10 %, not the 7 % its cents make)", async () => {
    const mint = await t.addProduct(team.r.tenantId, await t.addCategory(team.r.tenantId, { name: 'Sweets' }), { name: 'Mint', priceCents: 15 });
    const setDiscount = (discountPercent: number) => t.db.update(tenantSettings).set({ discountPercent }).where(eq(tenantSettings.tenantId, team.r.tenantId));
    await setDiscount(10);
    try {
      const request = body({ items: [{ product_id: mint, quantity: 1 }] });
      expect((await quote(request)).json().data).toMatchObject({ discount_percent: 10, discount_cents: 1 });
      const placed = await order(request);
      expect(placed.json().data.order).toMatchObject({ discount_percent: 10, discount_cents: 1 });
      const tracked = await guest().get(`/api/tenant/orders/track/${placed.json().data.tracking_token}`);
      expect(tracked.json().data.discount_percent).toBe(10);
    } finally {
      await setDiscount(0);
    }
  });

  async function orderId(number: number) {
    const [row] = await t.db.select().from(orders).where(and(eq(orders.tenantId, team.r.tenantId), eq(orders.number, number)));
    return row!.id;
  }
});
