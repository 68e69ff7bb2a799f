import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SORTS, discounted } from '@tavolo/contracts/storefront';
import { categories, tenantSettings, tenants } from '../../db/schema/index.ts';
import { DEMO_HOST, MAIN_HOST, describeEachDb, unknownId, useTestApp, type RegisteredTenant } from '../../test/harness.ts';

interface Product {
  id: string;
  name: string;
  price_cents: number;
  final_price_cents: number;
  discount: number;
  rating: number;
  category_id: string;
  category: { name: string };
  available: boolean;
  is_active: boolean;
}

const DEMO_CATEGORIES = ['Starters', 'Pizza', 'Pasta', 'Desserts', 'Drinks'];
const DEMO_PRODUCT_COUNT = 15;

describeEachDb('storefront public reads', (kind) => {
  const t = useTestApp(kind, { seed: true });
  const get = (url: string, query?: Record<string, string | number>, host = DEMO_HOST) => t.client(host).get(url, { query });
  const products = async (query: Record<string, string | number> = {}, host = DEMO_HOST) => {
    const res = await get('/api/tenant/public/products', query, host);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { data: Product[]; total: number; per_page: number; current_page: number; last_page: number };
  };

  describe('demo restaurant', () => {
    it('settings', async () => {
      const res = await get('/api/tenant/settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          email: 'hello@demo.example.com',
          phone: '+1 555 010 2030',
          discount: 10,
          description: 'Wood-fired pizza, fresh pasta and Italian classics since 1998.',
          address: '12 Harbour Street, 10001 New York',
          currency_symbol: '$',
          facebook_link: 'https://facebook.com/',
          twitter_link: null,
          linkedin_link: null,
          google_plus_link: null,
          instagram_link: 'https://instagram.com/',
        },
      });
    });

    it('get-tenant-details', async () => {
      const res = await get('/api/tenant/get-tenant-details');
      expect(res.json()).toEqual({
        success: true,
        data: {
          logo: null,
          business_name: 'Trattoria Demo',
          is_active: true,
          address: '12 Harbour Street, 10001 New York',
          country: 'United States',
          pickup_start_end_time: '24/7',
          currency_symbol: '$',
          // The demo kitchen is open around the clock.
          open_now: true,
          today_hours: { open: '00:00', close: '23:59' },
          // Not paused for being busy (POST /api/tenant/orders/pause; see modules/ordering).
          paused_until: null,
          time_zone: expect.any(String),
        },
      });
    });

    it('open_now follows today’s hours in the restaurant’s time zone', async () => {
      const r = await t.registerTenant({ domain: 'hours-check', status: 'active' });
      // A fixed clock is not available on this shared app, so pick hours that exclude or include now.
      const hour = new Date().getUTCHours();
      const closedHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: day === new Date().getUTCDay(), open: '00:00', close: '23:59' }));
      await t.db.update(tenantSettings).set({ openingHours: closedHours, timeZone: 'UTC' }).where(eq(tenantSettings.tenantId, r.tenantId));
      const closed = (await t.client(r.host).get('/api/tenant/get-tenant-details')).json().data;
      expect(closed).toMatchObject({ is_active: true, open_now: false, today_hours: null });
      const open = `${String(hour).padStart(2, '0')}:00`;
      const close = hour === 23 ? '23:59' : `${String(hour + 1).padStart(2, '0')}:00`;
      const openHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open, close }));
      await t.db.update(tenantSettings).set({ openingHours: openHours }).where(eq(tenantSettings.tenantId, r.tenantId));
      expect((await t.client(r.host).get('/api/tenant/get-tenant-details')).json().data).toMatchObject({ open_now: true, today_hours: { open, close } });
    });

    it('categories in menu order, as a page', async () => {
      const res = await get('/api/tenant/public/categories', { is_active: 1 });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.data.map((c: { name: string }) => c.name)).toEqual(DEMO_CATEGORIES);
      expect(data).toMatchObject({ total: 5, current_page: 1, last_page: 1 });
      expect(Object.keys(data.data[0]).sort()).toEqual(['id', 'name']);
    });

    it('products: the page shape and default paging', async () => {
      const page = await products({ is_active: 1 });
      expect(Object.keys(page).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
      expect(page).toMatchObject({ total: DEMO_PRODUCT_COUNT, per_page: 12, current_page: 1, last_page: 2 });
      expect(page.data).toHaveLength(12);
      const second = await products({ page: 2 });
      expect(second).toMatchObject({ current_page: 2, last_page: 2 });
      expect(second.data).toHaveLength(DEMO_PRODUCT_COUNT - 12);
      const ids = new Set([...page.data, ...second.data].map((p) => p.id));
      expect(ids.size).toBe(DEMO_PRODUCT_COUNT);
      const beyond = await products({ page: 3 });
      expect(beyond.data).toEqual([]);
      expect(beyond.total).toBe(DEMO_PRODUCT_COUNT);
    });

    it.each([6, 12, 24])('per_page=%i', async (perPage) => {
      const page = await products({ per_page: perPage });
      expect(page.per_page).toBe(perPage);
      expect(page.data).toHaveLength(Math.min(perPage, DEMO_PRODUCT_COUNT));
      expect(page.last_page).toBe(Math.ceil(DEMO_PRODUCT_COUNT / perPage));
    });

    it('default order follows categories, then items', async () => {
      const { data } = await products({ per_page: 48 });
      const categoryOrder = data.map((p) => DEMO_CATEGORIES.indexOf(p.category.name));
      expect(categoryOrder).toEqual([...categoryOrder].sort((a, b) => a - b));
      expect(data[0]!.name).toBe('Bruschetta al Pomodoro');
    });

    it('sort options order the whole list, across pages', async () => {
      const all = async (sort: string) => [...(await products({ sort, per_page: 6 })).data, ...(await products({ sort, per_page: 6, page: 2 })).data, ...(await products({ sort, per_page: 6, page: 3 })).data];
      const low = await all('price_low_high');
      expect(low).toHaveLength(DEMO_PRODUCT_COUNT);
      expect(low.map((p) => p.final_price_cents)).toEqual(low.map((p) => p.final_price_cents).sort((a, b) => a - b));
      expect(low[0]!.name).toBe('Espresso');
      const high = await all('price_high_low');
      expect(high.map((p) => p.final_price_cents)).toEqual(high.map((p) => p.final_price_cents).sort((a, b) => b - a));
      expect(high[0]!.name).toBe('Funghi e Tartufo');
      const rating = await all('rating');
      expect(rating.map((p) => p.rating)).toEqual(rating.map((p) => p.rating).sort((a, b) => b - a));
      expect(typeof rating[0]!.rating).toBe('number');
      for (const sort of PRODUCT_SORTS) expect((await products({ sort })).total).toBe(DEMO_PRODUCT_COUNT);
    });

    it('category filter', async () => {
      const cats = (await get('/api/tenant/public/categories')).json().data.data as { id: string; name: string }[];
      const pizza = cats.find((c) => c.name === 'Pizza')!;
      const page = await products({ category_id: pizza.id });
      expect(page.total).toBe(4);
      expect(page.data.every((p) => p.category_id === pizza.id && p.category.name === 'Pizza')).toBe(true);
      expect((await products({ category_id: unknownId() })).total).toBe(0);
      expect((await get('/api/tenant/public/products', { category_id: 'pizza' })).statusCode).toBe(422);
    });

    it('prices: the discounted price is computed on the server; stock shows as availability', async () => {
      const { data } = await products({ per_page: 48 });
      const burrata = data.find((p) => p.name === 'Burrata & Peaches')!;
      expect(burrata).toMatchObject({ price_cents: 1150, discount: 10, final_price_cents: discounted(1150, 10) });
      expect(burrata.final_price_cents).toBe(1035);
      for (const p of data) expect(p.final_price_cents).toBe(discounted(p.price_cents, p.discount));
      expect(data.find((p) => p.name === 'Panna Cotta')!.available).toBe(false);
      expect(data.find((p) => p.name === 'Margherita')!.available).toBe(true);
    });

    it('search matches name or description, and treats % and _ literally', async () => {
      expect((await products({ search: 'margherita' })).data.map((p) => p.name)).toEqual(['Margherita']);
      expect((await products({ search: 'VEGAN' })).data.map((p) => p.name)).toEqual(['Penne Arrabbiata']);
      expect((await products({ search: '%' })).total).toBe(0);
      expect((await products({ search: '_' })).total).toBe(0);
    });

    it('search ignores accents and case either way, and matches the category name', async () => {
      expect((await products({ search: 'tiramisu' })).data.map((p) => p.name)).toEqual(['Tiramisù']);
      expect((await products({ search: 'RAGU' })).data.map((p) => p.name)).toEqual(['Tagliatelle al Ragù']);
      expect((await products({ search: 'TIRAMISÙ' })).data.map((p) => p.name)).toEqual(['Tiramisù']);
      // Spaces as a guest may type them: doubled, or a tab.
      expect((await products({ search: 'tagliatelle  al\tragu' })).data.map((p) => p.name)).toEqual(['Tagliatelle al Ragù']);
      const pizzas = (await products({ search: 'pizza', per_page: 48 })).data;
      expect(pizzas.length).toBeGreaterThan(1);
      expect(pizzas.every((p) => p.category.name === 'Pizza' || /pizza/i.test(p.name))).toBe(true);
      const category = (await products({ per_page: 48 })).data.filter((p) => p.category.name === 'Pizza').map((p) => p.name);
      expect(pizzas.map((p) => p.name)).toEqual(expect.arrayContaining(category));
    });

    it('bad query values are 422', async () => {
      const queries: Record<string, string | number>[] = [{ sort: 'cheapest' }, { per_page: 0 }, { per_page: 1000 }, { page: 0 }, { page: 'two' }, { search: 'x'.repeat(101) }];
      for (const query of queries) {
        const res = await get('/api/tenant/public/products', query);
        expect(res.statusCode, JSON.stringify(query)).toBe(422);
        expect(Object.keys(res.json().errors)).toHaveLength(1);
      }
    });

    it('storefront reads only answer on restaurant hosts', async () => {
      for (const url of ['/api/tenant/settings', '/api/tenant/get-tenant-details', '/api/tenant/public/categories', '/api/tenant/public/products']) {
        expect((await get(url, undefined, MAIN_HOST)).statusCode, url).toBe(404);
        expect((await get(url, undefined, 'nope.localhost')).json().code, url).toBe('TENANT_NOT_FOUND');
      }
    });

    it('the closed flag follows the restaurant', async () => {
      const [row] = await t.db.select({ tenantId: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'));
      await t.db.update(tenantSettings).set({ isOpen: false }).where(eq(tenantSettings.tenantId, row!.tenantId));
      try {
        expect((await get('/api/tenant/get-tenant-details')).json().data.is_active).toBe(false);
      } finally {
        await t.db.update(tenantSettings).set({ isOpen: true }).where(eq(tenantSettings.tenantId, row!.tenantId));
      }
    });
  });

  describe('inactive categories and products', () => {
    let tenant: RegisteredTenant;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      tenant = await t.registerTenant({ domain: 'hidden-menu', status: 'active' });
      const open = await t.addCategory(tenant.tenantId, { name: 'Open Category', sortOrder: 0 });
      const closed = await t.addCategory(tenant.tenantId, { name: 'Closed Category', sortOrder: 1, isActive: false });
      ids.open = open;
      ids.closed = closed;
      ids.visible = await t.addProduct(tenant.tenantId, open, { name: 'Visible Dish', priceCents: 1000 });
      ids.retired = await t.addProduct(tenant.tenantId, open, { name: 'Retired Dish', priceCents: 1000, isActive: false });
      ids.hidden = await t.addProduct(tenant.tenantId, closed, { name: 'Hidden Dish', priceCents: 500, rating: 5 });
    });

    it('products of an inactive category never appear: not listed, not filtered, not searched, not sorted in', async () => {
      const cats = (await get('/api/tenant/public/categories', undefined, tenant.host)).json().data;
      expect(cats.data.map((c: { name: string }) => c.name)).toEqual(['Open Category']);
      const queries: Record<string, string | number>[] = [{}, { category_id: ids.closed! }, { search: 'Hidden' }, { sort: 'price_low_high' }, { sort: 'rating' }, { per_page: 48 }];
      for (const query of queries) {
        const page = await products(query, tenant.host);
        expect(page.data.map((p) => p.name), JSON.stringify(query)).not.toContain('Hidden Dish');
        expect(page.data.map((p) => p.name)).not.toContain('Retired Dish');
      }
      expect(await products({}, tenant.host)).toMatchObject({ total: 1, last_page: 1 });
      expect((await products({ category_id: ids.closed! }, tenant.host)).total).toBe(0);
    });

    it('re-activating the category shows its products again', async () => {
      await t.db.update(categories).set({ isActive: true }).where(and(eq(categories.tenantId, tenant.tenantId), eq(categories.id, ids.closed!)));
      try {
        const names = (await products({ per_page: 48 }, tenant.host)).data.map((p) => p.name).sort();
        expect(names).toEqual(['Hidden Dish', 'Visible Dish']);
      } finally {
        await t.db.update(categories).set({ isActive: false }).where(and(eq(categories.tenantId, tenant.tenantId), eq(categories.id, ids.closed!)));
      }
    });

    it('an empty restaurant has an empty menu (last_page stays 1)', async () => {
      const empty = await t.registerTenant({ domain: 'empty-menu' });
      expect(await products({}, empty.host)).toEqual({ data: [], total: 0, per_page: 12, current_page: 1, last_page: 1 });
      expect((await get('/api/tenant/public/categories', undefined, empty.host)).json().data).toEqual({ data: [], total: 0, per_page: 0, current_page: 1, last_page: 1 });
      const settings = (await get('/api/tenant/settings', undefined, empty.host)).json().data;
      expect(settings).toMatchObject({ discount: 0, currency_symbol: '$', email: empty.email });
    });

    it("each restaurant sees only its own menu", async () => {
      const demo = (await products({ per_page: 48 })).data.map((p) => p.id);
      const mine = (await products({ per_page: 48 }, tenant.host)).data.map((p) => p.id);
      expect(mine).toEqual([ids.visible]);
      expect(demo).not.toContain(ids.visible);
      // Another restaurant's category id filters to nothing.
      const demoCats = (await get('/api/tenant/public/categories')).json().data.data as { id: string }[];
      expect((await products({ category_id: demoCats[0]!.id }, tenant.host)).total).toBe(0);
      expect((await products({ category_id: ids.open! })).total).toBe(0);
    });
  });
});
