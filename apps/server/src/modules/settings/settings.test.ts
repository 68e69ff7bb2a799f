import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { TRestaurantSettings, TRestaurantSettingsInput } from '@tavolo/contracts/settings';
import { tenantSettings } from '../../db/schema/index.ts';
import { describeEachDb, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';

const URL_ = '/api/tenant/admin/settings';

const week = (overrides: Partial<TRestaurantSettings['opening_hours'][number]> = {}) =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: day === 1, open: '11:30', close: '22:00', ...overrides }));

const body = (overrides: Partial<TRestaurantSettingsInput> = {}): TRestaurantSettingsInput => ({
  business_name: 'Osteria Nuova',
  email: 'Info@Osteria.example.com',
  phone: '+49 30 1234567',
  address: 'Hauptstraße 5',
  street: 'Hinterhaus',
  postal_code: '10115',
  city: 'Berlin',
  state: 'Berlin',
  country: 'Germany',
  county: '',
  description: 'Fresh pasta every day.',
  currency: 'EUR',
  currency_symbol: '€',
  discount: 15,
  pickup_start_end_time: '12:00 - 21:30',
  is_open: true,
  time_zone: 'Europe/Berlin',
  opening_hours: week(),
  order_types: { pickup: true, delivery: true, delivery_fee_cents: 250, delivery_min_order_cents: 1500 },
  facebook_link: 'https://facebook.com/osteria',
  twitter_link: null,
  linkedin_link: '',
  google_plus_link: undefined,
  instagram_link: 'http://instagram.com/osteria',
  alert_mail_after_minutes: 10,
  auto_pause_after_minutes: 30,
  ...overrides,
});

describeEachDb('restaurant settings', (kind) => {
  // A Wednesday, 14:00 in Berlin: open by the saved hours, so a guest can order.
  const t = useTestApp(kind, { seed: true, now: () => new Date('2026-06-10T12:00:00Z') });
  let r: RegisteredTenant;
  let admin: TestClient;
  let manager: TestClient;
  let staff: TestClient;
  let otherAdmin: TestClient;

  beforeAll(async () => {
    ({ r, admin, manager, staff, otherAdmin } = await t.registerTeam('settings'));
  });

  const load = async (c: TestClient = admin) => {
    const res = await c.get(URL_);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TRestaurantSettings;
  };

  it('a new restaurant has its registration data and sane defaults', async () => {
    const s = await load();
    expect(s).toMatchObject({ business_name: r.name, email: r.email, time_zone: 'UTC', is_open: true, discount: 0, currency: 'USD', currency_symbol: '$' });
    expect(s.opening_hours.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(s.order_types).toEqual({ pickup: true, delivery: false, delivery_fee_cents: 0, delivery_min_order_cents: 0 });
  });

  it('round trip: PUT saves everything, GET answers the same, the other restaurant is untouched', async () => {
    const before = await load(otherAdmin);
    const res = await admin.put(URL_, body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Changes saved successfully');
    const saved = res.json().data as TRestaurantSettings;
    expect(saved).toEqual({
      ...body(),
      // Not sent: kept as signed up (the test restaurants sign up in German).
      staff_language: 'de',
      email: 'info@osteria.example.com',
      county: null,
      linkedin_link: null,
      google_plus_link: null,
    });
    expect(await load()).toEqual(saved);
    expect(await load(otherAdmin)).toEqual(before);

    const de = await admin.put(URL_, { ...saved, description: null }, { headers: { 'accept-language': 'de' } });
    expect(de.statusCode).toBe(200);
    expect(de.json().message).not.toBe('Changes saved successfully');
    expect((await load()).description).toBeNull();
  });

  it('the public storefront and the host cache show the saved values at once', async () => {
    const pub = t.client(r.host);
    // Warm the host cache with the old name first.
    expect((await pub.get('/api/tenant/get-tenant-details')).statusCode).toBe(200);
    const saved = await admin.put(URL_, body({ business_name: 'Casa Renamed', is_open: false, discount: 20, currency_symbol: 'CHF' }));
    expect(saved.statusCode, saved.body).toBe(200);

    const details = (await pub.get('/api/tenant/get-tenant-details')).json().data;
    expect(details).toMatchObject({
      business_name: 'Casa Renamed',
      is_active: false,
      country: 'Germany',
      address: 'Hauptstraße 5, Hinterhaus, 10115 Berlin',
      pickup_start_end_time: '12:00 - 21:30',
      currency_symbol: 'CHF',
    });
    const settings = (await pub.get('/api/tenant/settings')).json().data;
    expect(settings).toMatchObject({
      email: 'info@osteria.example.com',
      phone: '+49 30 1234567',
      discount: 20,
      description: 'Fresh pasta every day.',
      currency_symbol: 'CHF',
      facebook_link: 'https://facebook.com/osteria',
      linkedin_link: null,
      instagram_link: 'http://instagram.com/osteria',
    });

    await admin.put(URL_, body({ is_open: true }));
    expect((await pub.get('/api/tenant/get-tenant-details')).json().data.is_active).toBe(true);
  });

  it('422 per field, in English and German, and nothing is written', async () => {
    const before = await load();
    const bad = body({
      business_name: '',
      email: 'nope',
      currency: 'JPY' as never,
      currency_symbol: 'EURO€',
      discount: 101,
      pickup_start_end_time: 'x'.repeat(41),
      time_zone: 'Mars/Olympus',
      // The same open and close time is no hours at all (a close before the open runs past midnight: valid).
      opening_hours: week({ open: '09:00', close: '09:00', closed: false }),
      order_types: { pickup: false, delivery: false, delivery_fee_cents: -1, delivery_min_order_cents: -5 },
      facebook_link: 'javascript:alert(1)',
      twitter_link: 'ftp://x.example.com',
    });
    const res = await admin.put(URL_, bad);
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(
      [
        'business_name',
        'currency',
        'currency_symbol',
        'discount',
        'email',
        'facebook_link',
        'opening_hours.0.close',
        'opening_hours.1.close',
        'opening_hours.2.close',
        'opening_hours.3.close',
        'opening_hours.4.close',
        'opening_hours.5.close',
        'opening_hours.6.close',
        'order_types.delivery_fee_cents',
        'order_types.delivery_min_order_cents',
        'order_types.pickup',
        'pickup_start_end_time',
        'time_zone',
        'twitter_link',
      ].sort(),
    );
    expect(errors.time_zone).toEqual(['Choose a time zone from the list.']);
    expect(errors.currency).toEqual(['Choose a currency from the list.']);
    expect(errors['opening_hours.0.close']).toEqual(['Opening and closing time cannot be the same.']);
    expect(errors.facebook_link).toEqual(['Enter a full link starting with http:// or https://.']);

    const de = await admin.put(URL_, bad, { headers: { 'accept-language': 'de' } });
    expect(de.statusCode).toBe(422);
    expect(de.json().message).toBe('Bitte prüfen Sie die markierten Felder.');
    expect(de.json().errors.time_zone).toEqual(['Wählen Sie eine Zeitzone aus der Liste.']);
    expect(de.json().errors.currency).toEqual(['Wählen Sie eine Währung aus der Liste.']);
    expect(de.json().errors['order_types.pickup']).toEqual(['Aktivieren Sie Abholung, Lieferung oder beides.']);
    expect(de.json().errors.discount[0]).toMatch(/100/);
    expect(de.json().errors['opening_hours.0.close']).toEqual(['Öffnungs- und Schließzeit dürfen nicht gleich sein.']);

    const shortWeek = await admin.put(URL_, body({ opening_hours: week().slice(0, 6) }));
    expect(shortWeek.statusCode).toBe(422);
    expect(Object.keys(shortWeek.json().errors)).toEqual(['opening_hours']);
    const twice = await admin.put(URL_, body({ opening_hours: week().map((d) => ({ ...d, day: d.day === 6 ? 5 : d.day })) }));
    expect(twice.statusCode).toBe(422);
    const badTime = await admin.put(URL_, body({ opening_hours: week({ open: '24:00' }) }));
    expect(badTime.statusCode).toBe(422);
    expect(badTime.json().errors['opening_hours.0.open']).toEqual(['Enter a time as HH:MM.']);

    // A closed day may keep any valid times.
    const closed = await admin.put(URL_, body({ opening_hours: week({ closed: true, open: '22:00', close: '09:00' }) }));
    expect(closed.statusCode, closed.body).toBe(200);
    await admin.put(URL_, before);
    expect(await load()).toEqual(before);
  });

  it('the currency: a new code brings its symbol unless another is typed; storefront and dashboard follow, orders keep theirs', async () => {
    const other = await load(otherAdmin);
    const pub = t.client(r.host);
    expect((await admin.put(URL_, body({ currency: 'USD', currency_symbol: '$' }))).statusCode).toBe(200);
    const mains = await t.addCategory(r.tenantId, { name: 'Mains' });
    const pizza = await t.addProduct(r.tenantId, mains, { name: 'Pizza', priceCents: 1000 });
    const placed = await pub.post('/api/tenant/orders', { items: [{ product_id: pizza, quantity: 1 }], customer_name: 'Ada', customer_phone: '+49 30 555000', customer_email: 'ada@example.com', type: 'pickup' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.order.currency_symbol).toBe('$');

    const save = async (input: TRestaurantSettingsInput) => {
      const res = await admin.put(URL_, input);
      expect(res.statusCode, res.body).toBe(200);
      const { currency, currency_symbol: symbol } = res.json().data as TRestaurantSettings;
      return [currency, symbol];
    };
    // A client sending back the symbol it read while changing the code: the new currency's symbol.
    expect(await save(body({ currency: 'GBP', currency_symbol: '$' }))).toEqual(['GBP', '£']);
    expect(await save({ ...body({ currency: 'EUR' }), currency_symbol: undefined })).toEqual(['EUR', '€']);
    // The owner may shorten or adjust it, with the change or later; the same code keeps it.
    expect(await save(body({ currency: 'CHF', currency_symbol: 'Fr.' }))).toEqual(['CHF', 'Fr.']);
    expect(await save({ ...body({ currency: 'CHF' }), currency_symbol: undefined })).toEqual(['CHF', 'Fr.']);
    expect(await save({ ...body({ currency_symbol: 'SFr.' }), currency: undefined })).toEqual(['CHF', 'SFr.']);
    expect(await save(body({ currency: 'PLN', currency_symbol: ' zł ' }))).toEqual(['PLN', 'zł']);
    expect(await t.db.select({ code: tenantSettings.currencyCode, symbol: tenantSettings.currencySymbol }).from(tenantSettings).where(eq(tenantSettings.tenantId, r.tenantId))).toEqual([{ code: 'PLN', symbol: 'zł' }]);

    expect((await pub.get('/api/tenant/get-tenant-details')).json().data.currency_symbol).toBe('zł');
    expect((await pub.get('/api/tenant/settings')).json().data.currency_symbol).toBe('zł');
    expect((await admin.get('/api/tenant/dashboard/insights')).json().data.currency_symbol).toBe('zł');
    // The order placed in dollars stays in dollars.
    const orders = (await admin.get('/api/tenant/orders')).json().data.data as { number: number; currency_symbol: string }[];
    expect(orders.map((o) => [o.number, o.currency_symbol])).toEqual([[placed.json().data.order.number, '$']]);
    // The other restaurant's currency did not move.
    expect(await load(otherAdmin)).toEqual(other);
    expect(other).toMatchObject({ currency: 'USD', currency_symbol: '$' });
  });

  it('nothing is half-written when the save fails inside the transaction', async () => {
    const before = await load();
    // A value the contract accepts but the settings table refuses: the tenants update ran first and must roll back.
    await t.db.execute(sql`ALTER TABLE tenant_settings ADD CONSTRAINT settings_test_fee CHECK (delivery_fee_cents < 999)`);
    try {
      const failed = await admin.put(
        URL_,
        body({ business_name: 'Half Written', order_types: { pickup: true, delivery: true, delivery_fee_cents: 5000, delivery_min_order_cents: 0 } }),
      );
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`ALTER TABLE tenant_settings DROP CONSTRAINT settings_test_fee`);
    }
    expect(await load()).toEqual(before);
    expect((await t.client(r.host).get('/api/tenant/get-tenant-details')).json().data.business_name).toBe(before.business_name);
  });

  it('only settings.manage: manager and staff get 403, visitors 401, the platform host 404', async () => {
    const before = await load();
    for (const c of [manager, staff]) {
      expect((await c.get(URL_)).statusCode).toBe(403);
      expect((await c.put(URL_, body({ currency: 'SEK', currency_symbol: 'kr' }))).statusCode).toBe(403);
    }
    expect(await load()).toEqual(before);
    const anonymous = t.client(r.host);
    expect((await anonymous.get(URL_)).statusCode).toBe(401);
    expect((await anonymous.put(URL_, body())).statusCode).toBe(401);
    expect((await t.client('localhost').get(URL_)).statusCode).toBe(404);
  });
});
