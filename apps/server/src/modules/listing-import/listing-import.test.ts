import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import { categories, products, tenantSettings, tenants } from '../../db/schema/index.ts';
import { MAIN_HOST, describeEachDb, registrationBody, useTestApp } from '../../test/harness.ts';
import { readListing, jsonLdNodes, parsePriceCents, shortFormIntervals } from './listing-import.parse.ts';
import { startFixtureServer, type FixtureServer } from './fixtures/fixture-server.ts';

const msg = (key: string, params?: Record<string, unknown>) => translate('en', key, params);
const open = (day: number, from: string, to: string) => ({ day, closed: false, open: from, close: to });
const closed = (day: number) => ({ day, closed: true, open: '09:00', close: '22:00' });

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await startFixtureServer();
});
afterAll(() => fixtures.close());

describe('reading a page', () => {
  it('prices as pages write them, in cents, without floats', () => {
    expect(['12,50', '€ 9.90', '12.50 €', '1.234,50 €', 'EUR 7', '0.1', '1,000', '£11.50'].map(parsePriceCents)).toEqual([1250, 990, 1250, 123450, 700, 10, 100000, 1150]);
    expect([12.5, 0.29, 7].map(parsePriceCents)).toEqual([1250, 29, 700]);
    for (const bad of ['-5', '5-7', 'free', '', '12.345.678,00', 1e12, -1, Number.NaN, null, {}]) expect(parsePriceCents(bad), String(bad)).toBeNull();
  });

  it('short opening hours: ranges, lists, several times a day, all day', () => {
    expect(shortFormIntervals(['Mo-We 11:00-14:00, 17:00-22:00', 'Sa,Su 12:00-23:00'])).toEqual([
      { day: 1, open: '11:00', close: '14:00' },
      { day: 2, open: '11:00', close: '14:00' },
      { day: 3, open: '11:00', close: '14:00' },
      { day: 1, open: '17:00', close: '22:00' },
      { day: 2, open: '17:00', close: '22:00' },
      { day: 3, open: '17:00', close: '22:00' },
      { day: 6, open: '12:00', close: '23:00' },
      { day: 0, open: '12:00', close: '23:00' },
    ]);
    expect(shortFormIntervals('Fr-Mo').map((i) => i.day)).toEqual([5, 6, 0, 1]);
  });

  it('hours past midnight are kept (Fri 18:00–02:00 runs into Saturday); midnight itself is 23:59 (#3)', () => {
    const spec = (dayOfWeek: string, opens: string, closes: string) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes });
    const listing = readListing(
      [
        {
          '@type': 'BarOrPub',
          name: 'Nachtbar',
          openingHoursSpecification: [
            spec('Friday', '18:00', '02:00'),
            spec('Saturday', '12:00', '15:00'),
            spec('Saturday', '17:00', '01:00'),
            spec('Sunday', '17:00', '00:00'),
            spec('Monday', '10:00', '10:00'),
            spec('Tuesday', '10:00', '11:00'),
            spec('Tuesday', '20:00', '12:00'),
          ],
        },
      ],
      { maxItems: 10 },
    )!;
    const hours = Object.fromEntries(listing.openingHours!.map((d) => [d.day, d.closed ? 'closed' : `${d.open}-${d.close}`]));
    // Tuesday's second opening would reach past its own first one (10:00): until midnight then.
    expect(hours).toEqual({ 0: '17:00-23:59', 1: '10:00-23:59', 2: '10:00-23:59', 3: 'closed', 4: 'closed', 5: '18:00-02:00', 6: '12:00-01:00' });
  });

  it('top-level MenuSection and MenuItem nodes without a restaurant still make a menu; nested @type arrays count', () => {
    const { nodes } = jsonLdNodes(
      JSON.stringify([
        { '@type': ['MenuSection'], name: 'Drinks', hasMenuItem: [{ '@type': 'MenuItem', name: 'Cola', offers: { price: '2.50' } }] },
        { '@type': 'MenuItem', name: 'Loose dish', price: 4 },
      ]),
      'application/ld+json',
    );
    const listing = readListing(nodes, { maxItems: 100 })!;
    expect(listing.sections).toEqual([
      { name: 'Drinks', items: [{ name: 'Cola', description: null, price_cents: 250 }] },
      { name: 'Menu', items: [{ name: 'Loose dish', description: null, price_cents: 400 }] },
    ]);
    expect(readListing([], { maxItems: 100 })).toBeNull();
  });

  it('at most 30 sections and the item limit, with notes; markup and scripts stripped, long text bounded', () => {
    const sections = Array.from({ length: 35 }, (_, i) => ({ '@type': 'MenuSection', name: `Section ${i}`, hasMenuItem: [{ '@type': 'MenuItem', name: `Dish ${i}`, price: '1' }] }));
    const listing = readListing([{ '@type': 'Bakery', name: '<script>alert(1)</script><b>Brot</b>&nbsp;&amp; Co', description: 'x'.repeat(5000), hasMenu: { '@type': 'Menu', hasMenuSection: sections } }], { maxItems: 32 })!;
    expect(listing.name).toBe('Brot & Co');
    expect(listing.description).toHaveLength(1000);
    expect(listing.sections).toHaveLength(30);
    expect(listing.itemsFound).toBe(35);
    expect(listing.warnings.map((w) => w.key)).toEqual(['listing_import.warnings.items_limited', 'listing_import.warnings.sections_limited']);
  });
});

describeEachDb('listing import', (kind) => {
  const t = useTestApp(kind, { seed: true, env: { IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  const preview = (url: string, lang = 'en') => t.client(MAIN_HOST).post('/api/tenant-register/import', { url }, { headers: { 'accept-language': lang } });
  const previewOf = async (file: string) => {
    const res = await preview(fixtures.url(file));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  describe('preview', () => {
    it('a restaurant with @graph, a referenced menu, nested sections and hours: every field for the form', async () => {
      const data = await previewOf('/trattoria-graph.html');
      expect(data.restaurant).toEqual({
        restaurant_name: 'Trattoria Sole',
        email: 'ciao@trattoria-sole.example',
        phone: '+49 40 1234567',
        address: 'Elbchaussee 12',
        street: '',
        postal_code: '22763',
        city: 'Hamburg',
        state: 'Hamburg',
        country: 'Germany',
        domain: 'trattoria-sole',
      });
      expect(data).toMatchObject({ description: 'Wood-fired pizza & fresh pasta since 1998.', cuisine: 'Italian, Pizza', logo_url: fixtures.url('/logo.png'), currency: 'EUR', items_count: 6, items_found: 6 });
      expect(data.sections).toEqual([
        {
          name: 'Antipasti',
          items: [
            { name: 'Bruschetta', description: 'Tomatoes, basil, garlic on toasted bread', price_cents: 650 },
            { name: 'Vitello tonnato', description: null, price_cents: 1290 },
          ],
        },
        { name: 'Zuppe', items: [{ name: 'Minestrone', description: null, price_cents: 700 }] },
        {
          name: 'Pizza',
          items: [
            { name: 'Margherita', description: 'San Marzano tomatoes, fior di latte', price_cents: 950 },
            { name: 'Diavola', description: null, price_cents: 1100 },
            { name: 'Pizza of the day', description: null, price_cents: 0 },
          ],
        },
      ]);
      // Saturday's two openings become 12:00 to midnight (23:59); Sunday is not named: closed.
      expect(data.opening_hours).toEqual([closed(0), ...[1, 2, 3, 4, 5].map((d) => open(d, '11:30', '22:00')), open(6, '12:00', '23:59')]);
      expect(data.warnings).toEqual([msg('listing_import.warnings.hours_merged'), msg('listing_import.warnings.unpriced', { count: 1 })]);
      // Nothing was saved.
      expect(await t.db.select().from(tenants).where(eq(tenants.name, 'Trattoria Sole'))).toEqual([]);
    });

    it('one broken JSON-LD block is skipped; short opening hours; a country code becomes its name', async () => {
      const data = await previewOf('/broken-block.html');
      expect(data.restaurant).toMatchObject({ restaurant_name: 'Noodle House', phone: '+44 20 7946 0000', postal_code: 'E1 6RF', city: 'London', country: 'United Kingdom', domain: 'noodle-house' });
      expect(data.sections).toEqual([
        {
          name: 'Menu',
          items: [
            { name: 'Ramen', description: null, price_cents: 1150 },
            { name: 'Gyoza', description: null, price_cents: 600 },
          ],
        },
      ]);
      expect(data.opening_hours).toEqual([open(0, '12:00', '23:00'), ...[1, 2, 3, 4, 5].map((d) => open(d, '11:00', '22:00')), open(6, '12:00', '23:00')]);
      expect(data.warnings[0]).toBe(msg('listing_import.warnings.invalid_block', { count: 1 }));
    });

    it('a German café: "12,50 €" prices, a taken-looking name turned into a sub-domain, warnings in German', async () => {
      const res = await preview(fixtures.url('/cafe-de.html'), 'de');
      const data = res.json().data;
      expect(data.restaurant).toMatchObject({ restaurant_name: 'Café Müller & Söhne', phone: '030 / 123 45 67', country: 'Deutschland', domain: 'cafe-mueller-soehne' });
      expect(data.sections.map((s: { name: string }) => s.name)).toEqual(['Kuchen', 'Frühstück']);
      expect(data.sections.flatMap((s: { items: { price_cents: number }[] }) => s.items.map((i) => i.price_cents))).toEqual([420, 590, 1250, 123450]);
      expect(data.opening_hours.filter((d: { closed: boolean }) => !d.closed).map((d: { day: number }) => d.day)).toEqual([2, 3, 4, 5]);
      expect(data.warnings).toEqual([]);
    });

    it('a LocalBusiness without a menu: details, notes for the missing menu and hours and the unusable phone', async () => {
      const data = await previewOf('/local-business.html');
      expect(data.restaurant).toMatchObject({ restaurant_name: 'Corner Deli', phone: '', email: 'hello@corner-deli.example', state: 'CA', country: 'United States' });
      expect(data).toMatchObject({ sections: [], items_count: 0, opening_hours: null, logo_url: 'https://corner-deli.example/front.jpg' });
      expect(data.warnings).toEqual([msg('listing_import.warnings.phone_unusable'), msg('listing_import.warnings.no_menu'), msg('listing_import.warnings.no_hours')]);
    });

    it('a page in a currency we do not support (yen): its prices as they are, and a note in the owner\'s language', async () => {
      const data = await previewOf('/sushi-jp.html');
      expect(data).toMatchObject({ currency: 'JPY', items_count: 2 });
      expect(data.sections[0].items.map((i: { price_cents: number }) => i.price_cents)).toEqual([45000, 60000]);
      expect(data.warnings).toEqual([msg('listing_import.warnings.currency_unsupported', { currency: 'Japanese Yen (JPY)' })]);
      expect(data.warnings[0]).toContain('a currency we do not support');
      const de = (await preview(fixtures.url('/sushi-jp.html'), 'de')).json().data;
      expect(de.warnings).toEqual([translate('de', 'listing_import.warnings.currency_unsupported', { currency: 'Japanischer Yen (JPY)' })]);
      expect(de.warnings[0]).toContain('nicht unterstützen');
    });

    it('the suggested sub-domain is a free one', async () => {
      await t.registerTenant({ domain: 'corner-deli' });
      expect((await previewOf('/local-business.html')).restaurant.domain).toBe('corner-deli-beverly-hills');
    });

    it("more dishes than the free plan's product limit (from the plans table): the first ones, and a note", async () => {
      const res = await preview(fixtures.url('/big-menu.html?items=130'));
      const data = res.json().data;
      expect(data).toMatchObject({ items_count: 100, items_found: 130 });
      expect(data.sections[0].items).toHaveLength(100);
      expect(data.warnings).toContain(msg('listing_import.warnings.items_limited', { found: 130, limit: 100 }));
    });

    it.each([
      ['microdata only', '/microdata-only.html', 'no_data'],
      ['a missing page', '/nothing-here.html', 'status'],
      ['an image', '/not-a-page.png', 'content_type'],
      ['a page over 2 MB', '/huge.html', 'too_big'],
    ])('%s: a 422 on url with a clear message', async (_, file, problem) => {
      const res = await preview(fixtures.url(file));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ url: [msg(`listing_import.errors.${problem}`)] });
    });

    it('the no-data message in German', async () => {
      const res = await preview(fixtures.url('/microdata-only.html'), 'de');
      expect(res.json().errors.url).toEqual(['Auf dieser Seite haben wir keine Angaben zu einem Restaurant gefunden. Prüfen Sie die Adresse oder füllen Sie das Formular selbst aus.']);
    });

    it('only on the main domain, and rate limited per IP', async () => {
      expect((await t.client('demo.localhost').post('/api/tenant-register/import', { url: fixtures.url('/cafe-de.html') })).statusCode).toBe(404);
      const c = t.client(MAIN_HOST);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await c.post('/api/tenant-register/import', { url: 'nope' })).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('sign-up with the import', () => {
    const importOf = async (file: string) => {
      const data = await previewOf(file);
      return { sections: data.sections, opening_hours: data.opening_hours, description: data.description, currency: data.currency, logo_url: data.logo_url };
    };

    it('creates the categories and products in order, the hours, description, currency and the logo with the restaurant', async () => {
      // No currency of the owner's own (the harness's dollars): the page's euros apply.
      const body = registrationBody({ domain: 'sole-imported', currency: undefined, import: await importOf('/trattoria-graph.html') });
      const res = await t.client(MAIN_HOST).post('/api/tenant-register', body);
      expect(res.statusCode, res.body).toBe(201);
      const [tenant] = await t.db.select().from(tenants).where(eq(tenants.slug, 'sole-imported'));
      const cats = await t.db.select().from(categories).where(eq(categories.tenantId, tenant!.id)).orderBy(categories.sortOrder);
      expect(cats.map((c) => [c.name, c.sortOrder, c.isActive])).toEqual([
        ['Antipasti', 0, true],
        ['Zuppe', 1, true],
        ['Pizza', 2, true],
      ]);
      const dishes = await t.db.select().from(products).where(eq(products.tenantId, tenant!.id));
      const pizza = dishes.filter((p) => p.categoryId === cats[2]!.id).sort((a, b) => a.sortOrder - b.sortOrder);
      expect(pizza.map((p) => [p.name, p.priceCents, p.sortOrder, p.isActive])).toEqual([
        ['Margherita', 950, 0, true],
        ['Diavola', 1100, 1, true],
        ['Pizza of the day', 0, 2, true],
      ]);
      expect(dishes).toHaveLength(6);
      const [settings] = await t.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenant!.id));
      expect(settings).toMatchObject({ description: 'Wood-fired pizza & fresh pasta since 1998.', currencyCode: 'EUR', currencySymbol: '€' });
      expect(settings!.openingHours[6]).toEqual(open(6, '12:00', '23:59'));
      expect(settings!.openingHours[0]!.closed).toBe(true);
      // The logo came through the safe fetch and is stored like every other image.
      expect(settings!.logo).toMatch(new RegExp(`^/uploads/t/${tenant!.id}/[0-9a-f-]{36}-256\\.webp$`));
      expect(fs.existsSync(path.join(t.dataDir, settings!.logo!))).toBe(true);
    });

    it('sections of one name (in any case) become one category, its dishes in order, as category names are unique', async () => {
      const dish = (name: string) => ({ name, price_cents: 500 });
      const sections = [{ name: 'Drinks', items: [dish('Water')] }, { name: 'Pizza', items: [dish('Margherita')] }, { name: 'DRINKS', items: [dish('Wine'), dish('Beer')] }];
      const res = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ domain: 'twice-drinks', import: { sections } }));
      expect(res.statusCode, res.body).toBe(201);
      const [tenant] = await t.db.select().from(tenants).where(eq(tenants.slug, 'twice-drinks'));
      const cats = await t.db.select().from(categories).where(eq(categories.tenantId, tenant!.id)).orderBy(categories.sortOrder);
      expect(cats.map((c) => c.name)).toEqual(['Drinks', 'Pizza']);
      const drinks = await t.db.select().from(products).where(eq(products.categoryId, cats[0]!.id)).orderBy(products.sortOrder);
      expect(drinks.map((p) => p.name)).toEqual(['Water', 'Wine', 'Beer']);
    });

    it("an imported currency we do not support is not stored: the sign-up's currency (here the country's guess) stays", async () => {
      const res = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ domain: 'kaze-imported', currency: undefined, import: await importOf('/sushi-jp.html') }));
      expect(res.statusCode, res.body).toBe(201);
      const [tenant] = await t.db.select().from(tenants).where(eq(tenants.slug, 'kaze-imported'));
      const [settings] = await t.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenant!.id));
      expect(settings).toMatchObject({ currencyCode: 'EUR', currencySymbol: '€' });
    });

    it('the server checks the import again: bad prices, too many sections, bad hours and a non-http logo are 422, nothing written', async () => {
      const before = await t.rowCounts();
      for (const bad of [
        { sections: [{ name: 'X', items: [{ name: 'Y', price_cents: -1 }] }] },
        { sections: Array.from({ length: 31 }, (_, i) => ({ name: `S${i}`, items: [] })) },
        { sections: [{ name: ' ', items: [] }] },
        { opening_hours: [open(0, '10:00', '09:00')] },
        { logo_url: 'file:///etc/passwd' },
        { currency: 'euro' },
      ]) {
        const res = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ import: bad as never }));
        expect(res.statusCode, JSON.stringify(bad)).toBe(422);
        expect(Object.keys(res.json().errors).every((f) => f.startsWith('import.')), res.body).toBe(true);
      }
      expect(await t.rowCounts()).toEqual(before);
    });

    it("more dishes than the plan allows is refused with PLAN_LIMIT and leaves no restaurant behind", async () => {
      const before = await t.rowCounts();
      const items = Array.from({ length: 101 }, (_, i) => ({ name: `Dish ${i}`, price_cents: 500 }));
      const res = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ domain: 'too-many-dishes', import: { sections: [{ name: 'All', items }] } }));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PLAN_LIMIT');
      expect(await t.rowCounts()).toEqual(before);
      // Exactly the limit is fine.
      const ok = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ domain: 'just-enough', import: { sections: [{ name: 'All', items: items.slice(0, 100) }] } }));
      expect(ok.statusCode).toBe(201);
    });

    it('a product insert that fails rolls back the whole sign-up: no tenant, user, category or settings', async () => {
      await t.db.execute(sql`create or replace function refuse_poison() returns trigger language plpgsql as $$ begin raise exception 'poisoned dish'; end $$`);
      await t.db.execute(sql`create trigger refuse_poison before insert on products for each row when (new.name = 'Poison') execute function refuse_poison()`);
      try {
        const before = await t.rowCounts();
        const res = await t.client(MAIN_HOST).post(
          '/api/tenant-register',
          registrationBody({ domain: 'poisoned', import: { sections: [{ name: 'Fine', items: [{ name: 'Fine dish', price_cents: 100 }] }, { name: 'Bad', items: [{ name: 'Poison', price_cents: 100 }] }] } }),
        );
        expect(res.statusCode).toBe(500);
        expect(await t.rowCounts()).toEqual(before);
        expect(await t.db.select().from(tenants).where(eq(tenants.slug, 'poisoned'))).toEqual([]);
      } finally {
        await t.db.execute(sql`drop trigger refuse_poison on products`);
      }
    });
  });
});

describeEachDb('listing import without the test-only setting', (kind) => {
  const t = useTestApp(kind);
  const preview = (url: string) => t.client(MAIN_HOST).post('/api/tenant-register/import', { url });

  it.each([
    ['file:///etc/passwd', 'invalid_url'],
    ['javascript:alert(1)', 'invalid_url'],
    ['ftp://example.com/menu.html', 'invalid_url'],
    ['http://user:secret@example.com/', 'invalid_url'],
    ['trattoria-sole', 'invalid_url'],
    ['http://169.254.169.254/latest/meta-data/', 'blocked'],
    ['http://[::1]/', 'blocked'],
    ['http://10.0.0.1/', 'blocked'],
    ['http://0x7f000001/', 'blocked'],
  ])('%s is refused (%s) without a request', async (url, problem) => {
    const res = await preview(url);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ url: [msg(`listing_import.errors.${problem}`)] });
  });

  it('the fixture server on 127.0.0.1 is refused, directly and behind a redirect; no request reaches it', async () => {
    const before = fixtures.requests.length;
    for (const url of [fixtures.url('/trattoria-graph.html'), `http://localhost:${new URL(fixtures.origin).port}/cafe-de.html`]) {
      const res = await preview(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url).toEqual([msg('listing_import.errors.blocked')]);
    }
    expect(fixtures.requests.length).toBe(before);
  });

  it('a logo on a private address is skipped at sign-up; the restaurant is still created', async () => {
    const before = fixtures.requests.length;
    const res = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ domain: 'no-private-logo', import: { logo_url: fixtures.url('/logo.png') } }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select({ logo: tenantSettings.logo }).from(tenantSettings).innerJoin(tenants, eq(tenants.id, tenantSettings.tenantId)).where(eq(tenants.slug, 'no-private-logo'));
    expect(row!.logo).toBeNull();
    expect(fixtures.requests.length).toBe(before);
  });
});
