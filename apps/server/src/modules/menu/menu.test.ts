import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS, type TAdminProduct, type TCategory, type TProductInput } from '@tavolo/contracts/menu';
import { products } from '../../db/schema/index.ts';
import { DEMO_HOST, DEMO_LOGINS, describeEachDb, unknownId, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';
import { multipart, solidImage } from '../../test/multipart.ts';

const png = (width: number, height: number) => solidImage(width, height, 'png');

describeEachDb('menu management', (kind) => {
  const t = useTestApp(kind, { seed: true });
  let r: RegisteredTenant;
  let admin: TestClient;
  let manager: TestClient;
  let staff: TestClient;
  let other: RegisteredTenant;
  let otherAdmin: TestClient;

  beforeAll(async () => {
    ({ r, admin, manager, staff, other, otherAdmin } = await t.registerTeam('menu'));
  });

  const createCategory = async (c: TestClient, name: string, extra: Record<string, unknown> = {}) => {
    const res = await c.post('/api/tenant/categories', { name, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as TCategory;
  };
  const listCategories = async (c: TestClient = admin) => {
    const res = await c.get('/api/tenant/categories');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TCategory[];
  };
  const productBody = (categoryId: string, overrides: Partial<TProductInput> = {}): TProductInput => ({
    name: 'Margherita',
    description: 'Tomato, mozzarella, basil',
    price_cents: 1050,
    discount: 10,
    category_id: categoryId,
    ...overrides,
  });
  const createProduct = async (c: TestClient, categoryId: string, overrides: Partial<TProductInput> = {}) => {
    const res = await c.post('/api/tenant/products', productBody(categoryId, overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as TAdminProduct;
  };

  describe('categories', () => {
    it('create, list with counts, update; appended at the end of the order', async () => {
      const first = await createCategory(admin, 'Starters', { description: 'Small plates' });
      expect(first).toMatchObject({ name: 'Starters', description: 'Small plates', is_active: true, sort_order: 0, products_count: 0 });
      const second = await createCategory(admin, '  Mains  ', { is_active: false });
      expect(second).toMatchObject({ name: 'Mains', description: null, is_active: false, sort_order: 1 });
      await createProduct(admin, first.id);
      await createProduct(admin, first.id, { name: 'Second' });

      const list = await listCategories();
      expect(list.map((c) => [c.name, c.products_count])).toEqual([
        ['Starters', 2],
        ['Mains', 0],
      ]);
      expect(Object.keys(list[0]!).sort()).toEqual(['description', 'id', 'is_active', 'name', 'products_count', 'sort_order']);

      const res = await admin.put(`/api/tenant/categories/${second.id}`, { name: 'Main courses', description: 'Big plates', is_active: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Changes saved successfully', data: { id: second.id, name: 'Main courses', is_active: true, sort_order: 1 } });

      // The other restaurant sees none of it.
      expect(await listCategories(otherAdmin)).toEqual([]);
    });

    it('lists with one statement, however many categories', async () => {
      const measure = async () => {
        const before = t.database.queries.count;
        await listCategories();
        return t.database.queries.count - before;
      };
      const small = await measure();
      for (let i = 0; i < 4; i++) await createCategory(admin, `Extra ${i}`);
      expect(await measure()).toBe(small);
      // Auth lookups aside, the list itself is a single statement.
      expect(small).toBeLessThanOrEqual(2);
    });

    it('unknown ids and ids of another restaurant are 404', async () => {
      const foreign = await createCategory(otherAdmin, 'Foreign');
      for (const id of [unknownId(), foreign.id]) {
        expect((await admin.put(`/api/tenant/categories/${id}`, { name: 'X' })).statusCode).toBe(404);
        expect((await admin.delete(`/api/tenant/categories/${id}`)).statusCode).toBe(404);
      }
      expect((await listCategories(otherAdmin)).map((c) => c.name)).toEqual(['Foreign']);
    });

    it('validation per field, in English and German', async () => {
      const res = await admin.post('/api/tenant/categories', { name: '', description: 'x'.repeat(501), is_active: 'yes' });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.code).toBe('VALIDATION');
      expect(Object.keys(body.errors).sort()).toEqual(['description', 'is_active', 'name']);
      expect(body.errors.description).toEqual(['Must be at most 500 characters.']);

      const de = await admin.post('/api/tenant/categories', { name: 'x'.repeat(81) }, { headers: { 'accept-language': 'de' } });
      expect(de.statusCode).toBe(422);
      expect(de.json().message).toBe('Bitte prüfen Sie die markierten Felder.');
      expect(de.json().errors.name[0]).toMatch(/80/);
      expect(de.json().errors.name[0]).not.toMatch(/Must be/);
    });

    it('refuses a second category of one name (in any case) in a restaurant; another restaurant may use it', async () => {
      const before = await listCategories();
      const taken = { name: ['A category with this name already exists.'] };
      const again = await admin.post('/api/tenant/categories', { name: ' starters ' });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual(taken);
      const mains = before.find((c) => c.name === 'Main courses')!;
      const renamed = await admin.put(`/api/tenant/categories/${mains.id}`, { name: 'STARTERS', description: 'Changed', is_active: false });
      expect(renamed.statusCode).toBe(422);
      expect(renamed.json().errors).toEqual(taken);
      const de = await admin.post('/api/tenant/categories', { name: 'Starters' }, { headers: { 'accept-language': 'de' } });
      expect(de.json().errors).toEqual({ name: ['Eine Kategorie mit diesem Namen gibt es bereits.'] });
      expect(await listCategories()).toEqual(before);
      // A category keeping its own name (in another case) is no repeat.
      expect((await admin.put(`/api/tenant/categories/${mains.id}`, { name: 'MAIN COURSES', description: 'Big plates', is_active: true })).statusCode).toBe(200);
      expect((await admin.put(`/api/tenant/categories/${mains.id}`, { name: 'Main courses', description: 'Big plates', is_active: true })).statusCode).toBe(200);
      await createCategory(otherAdmin, 'Starters');
    });

    it('reorder: exactly the restaurant ids, else 422; the storefront follows the new order', async () => {
      const current = await listCategories();
      const ids = current.map((c) => c.id);
      const foreign = (await listCategories(otherAdmin))[0]!.id;
      for (const wrong of [ids.slice(1), [...ids, unknownId()], [...ids.slice(1), foreign], [...ids.slice(1), ids[1]!]]) {
        const res = await admin.patch('/api/tenant/categories/reorder', { ids: wrong });
        expect(res.statusCode, JSON.stringify(wrong)).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['ids']);
      }
      const reversed = [...ids].reverse();
      const res = await manager.patch('/api/tenant/categories/reorder', { ids: reversed });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().data as TCategory[]).map((c) => c.id)).toEqual(reversed);
      expect((await listCategories()).map((c) => [c.id, c.sort_order])).toEqual(reversed.map((id, i) => [id, i]));

      const publicIds = (await t.client(r.host).get('/api/tenant/public/categories')).json().data.data.map((c: { id: string }) => c.id);
      const active = new Set((await listCategories()).filter((c) => c.is_active).map((c) => c.id));
      expect(publicIds).toEqual(reversed.filter((id) => active.has(id)));
      // The other restaurant's order is untouched.
      expect((await listCategories(otherAdmin))[0]!.sort_order).toBe(0);
    });

    it('delete: refused while it has products (409), moved with move_to, plain when empty', async () => {
      const full = await createCategory(admin, 'To delete');
      const target = await createCategory(admin, 'Receiver');
      const empty = await createCategory(admin, 'Empty');
      const p1 = await createProduct(admin, full.id, { name: 'Moving one' });
      const p2 = await createProduct(admin, full.id, { name: 'Moving two' });

      const refused = await admin.delete(`/api/tenant/categories/${full.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ success: false, code: 'CONFLICT' });
      expect(refused.json().message).toMatch(/still has 2 products/);
      const refusedDe = await admin.delete(`/api/tenant/categories/${full.id}`, { headers: { 'accept-language': 'de' } });
      expect(refusedDe.json().message).toMatch(/enthält noch 2 Produkte/);

      const foreign = (await listCategories(otherAdmin))[0]!.id;
      for (const moveTo of [foreign, unknownId(), full.id]) {
        const res = await admin.delete(`/api/tenant/categories/${full.id}`, { query: { move_to: moveTo } });
        expect(res.statusCode).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['move_to']);
      }
      expect((await admin.delete(`/api/tenant/categories/${full.id}`, { query: { move_to: 'nope' } })).statusCode).toBe(422);

      const moved = await admin.delete(`/api/tenant/categories/${full.id}`, { query: { move_to: target.id } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().message).toBe('Item deleted successfully');
      for (const p of [p1, p2]) expect((await admin.get(`/api/tenant/products/${p.id}`)).json().data.category_id).toBe(target.id);
      const after = await listCategories();
      expect(after.find((c) => c.id === full.id)).toBeUndefined();
      expect(after.find((c) => c.id === target.id)!.products_count).toBe(2);

      expect((await admin.delete(`/api/tenant/categories/${empty.id}`)).statusCode).toBe(200);
      expect((await admin.delete(`/api/tenant/categories/${empty.id}`)).statusCode).toBe(404);

      // One product is one product, not "1 products" / "1 Produkte".
      const single = await createCategory(admin, 'Single');
      const only = await createProduct(admin, single.id, { name: 'The only one' });
      expect((await admin.delete(`/api/tenant/categories/${single.id}`)).json().message).toMatch(/^This category still has 1 product\. Move it /);
      expect((await admin.delete(`/api/tenant/categories/${single.id}`, { headers: { 'accept-language': 'de' } })).json().message).toMatch(/^Diese Kategorie enthält noch 1 Produkt\. Verschieben Sie es /);
      expect((await admin.delete(`/api/tenant/products/${only.id}`)).statusCode).toBe(200);
      expect((await admin.delete(`/api/tenant/categories/${single.id}`)).statusCode).toBe(200);
    });

    it('deactivating a category hides its products on the storefront', async () => {
      const category = await createCategory(admin, 'Seasonal');
      const product = await createProduct(admin, category.id, { name: 'Pumpkin Soup Unique' });
      const publicSearch = async () =>
        (await t.client(r.host).get('/api/tenant/public/products', { query: { search: 'Pumpkin Soup Unique' } })).json().data.data.map((p: { id: string }) => p.id);
      expect(await publicSearch()).toEqual([product.id]);

      const res = await admin.put(`/api/tenant/categories/${category.id}`, { name: 'Seasonal', is_active: false });
      expect(res.statusCode).toBe(200);
      expect(await publicSearch()).toEqual([]);
      const tabs = (await t.client(r.host).get('/api/tenant/public/categories')).json().data.data.map((c: { id: string }) => c.id);
      expect(tabs).not.toContain(category.id);
      // Still visible (and still active itself) in the back office.
      const admin_ = (await admin.get(`/api/tenant/products/${product.id}`)).json().data as TAdminProduct;
      expect(admin_).toMatchObject({ is_active: true, category: { name: 'Seasonal', is_active: false } });

      await admin.put(`/api/tenant/categories/${category.id}`, { name: 'Seasonal', is_active: true });
      expect(await publicSearch()).toEqual([product.id]);
    });
  });

  describe('products', () => {
    let padmin: TestClient;
    let catA: TCategory;
    let catB: TCategory;
    beforeAll(async () => {
      const tenant = await t.registerTenant({ domain: 'menu-products', status: 'active' });
      const c = t.client(tenant.host, { token: await t.loginAs(tenant.host, tenant.email, tenant.password) });
      padmin = c;
      catA = await createCategory(c, 'Pizza');
      catB = await createCategory(c, 'Drinks');
    });

    it('create, read, update, delete', async () => {
      const created = await createProduct(padmin, catA.id, {
        image: null,
        rating: 4.5,
        sort_order: 3,
        track_stock: true,
        stock_quantity: 7,
        low_stock_threshold: 2,
      });
      expect(created).toMatchObject({
        name: 'Margherita',
        description: 'Tomato, mozzarella, basil',
        price_cents: 1050,
        discount: 10,
        final_price_cents: 945,
        category_id: catA.id,
        category: { name: 'Pizza', is_active: true },
        image: null,
        is_active: true,
        rating: 4.5,
        sort_order: 3,
        track_stock: true,
        stock_quantity: 7,
        low_stock_threshold: 2,
      });
      expect(Date.parse(created.created_at)).not.toBeNaN();

      const got = await padmin.get(`/api/tenant/products/${created.id}`);
      expect(got.json().data).toEqual(created);

      const updated = await padmin.put(`/api/tenant/products/${created.id}`, productBody(catB.id, { name: 'Lemonade', price_cents: 300, discount: 0 }));
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ name: 'Lemonade', price_cents: 300, final_price_cents: 300, category_id: catB.id, category: { name: 'Drinks' }, track_stock: false });

      const deleted = await padmin.delete(`/api/tenant/products/${created.id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await padmin.get(`/api/tenant/products/${created.id}`)).statusCode).toBe(404);
      expect((await padmin.delete(`/api/tenant/products/${created.id}`)).statusCode).toBe(404);
    });

    it('validation per field (422), in German too', async () => {
      const res = await padmin.post('/api/tenant/products', {
        name: '',
        price_cents: 10.5,
        discount: 101,
        category_id: 'not-a-uuid',
        image: 'https://evil.example.com/x.png',
        rating: 6,
        stock_quantity: -1,
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['category_id', 'discount', 'image', 'name', 'price_cents', 'rating', 'stock_quantity']);
      expect(res.json().errors.discount).toEqual(['Must be at most 100.']);

      const de = await padmin.post('/api/tenant/products', { ...productBody(catA.id), price_cents: -5 }, { headers: { 'accept-language': 'de' } });
      expect(de.statusCode).toBe(422);
      expect(Object.keys(de.json().errors)).toEqual(['price_cents']);
      expect(de.json().errors.price_cents[0]).toMatch(/0/);
      expect(de.json().errors.price_cents[0]).not.toMatch(/Must/);
    });

    it("a category of another restaurant (or none) is a 422 on category_id", async () => {
      const foreign = (await listCategories(otherAdmin))[0]!.id;
      for (const categoryId of [foreign, unknownId()]) {
        const res = await padmin.post('/api/tenant/products', productBody(categoryId));
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ category_id: ['Choose one of your categories.'] });
      }
      const mine = await createProduct(padmin, catA.id, { name: 'Stays put' });
      const res = await padmin.put(`/api/tenant/products/${mine.id}`, productBody(foreign, { name: 'Stays put' }));
      expect(res.statusCode).toBe(422);
      expect((await padmin.get(`/api/tenant/products/${mine.id}`)).json().data.category_id).toBe(catA.id);
      // Nor may it point at another restaurant's upload.
      const img = await padmin.put(`/api/tenant/products/${mine.id}`, productBody(catA.id, { image: `/uploads/t/${other.tenantId}/${unknownId()}-640.webp` }));
      expect(img.statusCode).toBe(422);
      expect(Object.keys(img.json().errors)).toEqual(['image']);
      await padmin.delete(`/api/tenant/products/${mine.id}`);
    });

    it('another restaurant cannot read or change products by id', async () => {
      const mine = await createProduct(padmin, catA.id, { name: 'Private' });
      expect((await otherAdmin.get(`/api/tenant/products/${mine.id}`)).statusCode).toBe(404);
      const foreignCat = (await listCategories(otherAdmin))[0]!.id;
      expect((await otherAdmin.put(`/api/tenant/products/${mine.id}`, productBody(foreignCat))).statusCode).toBe(404);
      expect((await otherAdmin.delete(`/api/tenant/products/${mine.id}`)).statusCode).toBe(404);
      expect((await padmin.get(`/api/tenant/products/${mine.id}`)).json().data.name).toBe('Private');
      await padmin.delete(`/api/tenant/products/${mine.id}`);
    });

    it('list: search (wildcards literal), category and status filters, sort, pages', async () => {
      const names = ['Apple 100%', 'Apple juice', 'Banana_split', 'Bananas', 'Cherry'];
      const made: TAdminProduct[] = [];
      for (const [i, name] of names.entries()) {
        made.push(await createProduct(padmin, i < 3 ? catA.id : catB.id, { name, price_cents: 100 * (i + 1), is_active: i !== 4, description: i === 4 ? 'apple topping' : undefined }));
      }
      const list = async (query: Record<string, string | number>) => {
        const res = await padmin.get('/api/tenant/products', { query });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { data: TAdminProduct[]; total: number; per_page: number; current_page: number; last_page: number };
      };
      const namesOf = (page: { data: TAdminProduct[] }) => page.data.map((p) => p.name);

      expect((await list({})).total).toBe(5);
      expect(namesOf(await list({ search: '100%', sort: 'name' }))).toEqual(['Apple 100%']);
      expect(namesOf(await list({ search: '%', sort: 'name' }))).toEqual(['Apple 100%']);
      expect(namesOf(await list({ search: 'na_a', sort: 'name' }))).toEqual([]);
      expect(namesOf(await list({ search: '_split', sort: 'name' }))).toEqual(['Banana_split']);
      expect(namesOf(await list({ search: 'APPLE', sort: 'name' }))).toEqual(['Apple 100%', 'Apple juice', 'Cherry']);
      expect(namesOf(await list({ category_id: catB.id, sort: 'name' }))).toEqual(['Bananas', 'Cherry']);
      expect(namesOf(await list({ status: 'inactive' }))).toEqual(['Cherry']);
      expect((await list({ status: 'active' })).total).toBe(4);
      expect(namesOf(await list({ sort: 'price', direction: 'desc' }))).toEqual([...names].reverse());

      const page2 = await list({ sort: 'price', per_page: 2, page: 2 });
      expect(page2).toMatchObject({ total: 5, per_page: 2, current_page: 2, last_page: 3 });
      expect(namesOf(page2)).toEqual(['Banana_split', 'Bananas']);

      const bads: Record<string, string | number>[] = [{ sort: 'evil' }, { status: 'x' }, { per_page: 1000 }, { page: 0 }, { category_id: 'x' }];
      for (const bad of bads) {
        expect((await padmin.get('/api/tenant/products', { query: bad })).statusCode, JSON.stringify(bad)).toBe(422);
      }
      for (const p of made) await padmin.delete(`/api/tenant/products/${p.id}`);
    });

    it('bulk status touches only this restaurant\'s ids and returns the count', async () => {
      const a = await createProduct(padmin, catA.id, { name: 'Bulk one' });
      const b = await createProduct(padmin, catA.id, { name: 'Bulk two' });
      const foreignCat = await createCategory(otherAdmin, 'Bulk foreign');
      const foreign = await createProduct(otherAdmin, foreignCat.id, { name: 'Foreign bulk' });

      const res = await padmin.patch('/api/tenant/products/bulk-status', { ids: [a.id, b.id, foreign.id, unknownId()], is_active: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ updated: 2 });
      for (const p of [a, b]) expect((await padmin.get(`/api/tenant/products/${p.id}`)).json().data.is_active).toBe(false);
      expect((await otherAdmin.get(`/api/tenant/products/${foreign.id}`)).json().data.is_active).toBe(true);

      const back = await padmin.patch('/api/tenant/products/bulk-status', { ids: [a.id], is_active: true });
      expect(back.json().data).toEqual({ updated: 1 });
      expect((await padmin.patch('/api/tenant/products/bulk-status', { ids: [], is_active: true })).statusCode).toBe(422);
      expect((await padmin.patch('/api/tenant/products/bulk-status', { ids: [a.id] })).statusCode).toBe(422);
    });
  });

  describe('permissions', () => {
    it('a manager manages the menu', async () => {
      const category = await createCategory(manager, 'Manager made');
      const product = await createProduct(manager, category.id, { name: 'Manager dish' });
      expect((await manager.get('/api/tenant/products')).statusCode).toBe(200);
      expect((await manager.delete(`/api/tenant/products/${product.id}`)).statusCode).toBe(200);
      expect((await manager.delete(`/api/tenant/categories/${category.id}`)).statusCode).toBe(200);
    });

    it('staff (no menu permission) gets 403 on reads and writes; no token gets 401', async () => {
      const [category] = await listCategories();
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/tenant/categories'],
        ['POST', '/api/tenant/categories', { name: 'Staff' }],
        ['PUT', `/api/tenant/categories/${category!.id}`, { name: 'Staff' }],
        ['PATCH', '/api/tenant/categories/reorder', { ids: [category!.id] }],
        ['DELETE', `/api/tenant/categories/${category!.id}`],
        ['GET', '/api/tenant/products'],
        ['GET', `/api/tenant/products/${unknownId()}`],
        ['POST', '/api/tenant/products', productBody(category!.id)],
        ['PATCH', '/api/tenant/products/bulk-status', { ids: [unknownId()], is_active: false }],
        ['DELETE', `/api/tenant/products/${unknownId()}`],
        ['POST', '/api/tenant/uploads/images', {}],
      ];
      for (const [method, url, body] of calls) {
        const res = await staff.request(method, url, { body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        expect((await staff.request(method, url, { body, token: null })).statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await listCategories()).find((c) => c.name === 'Staff')).toBeUndefined();
    });

    it('the demo manager can, the demo staff cannot', async () => {
      const m = t.client(DEMO_HOST, { token: await t.loginAs(DEMO_HOST, DEMO_LOGINS.manager.email, DEMO_LOGINS.manager.password) });
      const s = t.client(DEMO_HOST, { token: await t.loginAs(DEMO_HOST, DEMO_LOGINS.staff.email, DEMO_LOGINS.staff.password) });
      const list = await listCategories(m);
      expect(list).toHaveLength(5);
      expect(list.reduce((n, c) => n + c.products_count, 0)).toBe(15);
      expect((await s.get('/api/tenant/categories')).statusCode).toBe(403);
    });
  });

  describe('image upload', () => {
    const upload = (c: TestClient, filename: string, content: Buffer, type: string, headers: Record<string, string> = {}, field = 'file') => {
      const body = multipart(filename, content, type, field);
      return c.post('/api/tenant/uploads/images', undefined, { payload: body.payload, headers: { ...body.headers, ...headers } });
    };

    it('a real PNG becomes three WebP widths, served with long cache headers', async () => {
      const res = await upload(manager, 'photo.png', await png(1600, 900), 'image/png');
      expect(res.statusCode, res.body).toBe(201);
      const { url, srcset } = res.json().data as { url: string; srcset: string };
      const prefix = `/uploads/t/${r.tenantId}/`;
      expect(url.startsWith(prefix)).toBe(true);
      expect(url).toMatch(/-640\.webp$/);
      const base = url.replace(/-640\.webp$/, '');
      expect(srcset).toBe(IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', '));

      for (const width of IMAGE_WIDTHS) {
        const file = path.join(t.dataDir, `${base}-${width}.webp`);
        const meta = await sharp(fs.readFileSync(file)).metadata();
        expect(meta).toMatchObject({ format: 'webp', width });
      }
      const served = await t.client(r.host).get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(String(served.headers['cache-control'])).toMatch(/max-age=\d{6,}/);
      expect(String(served.headers['cache-control'])).toMatch(/immutable/);

      // The URL is accepted as a product image; replacing it removes the old files.
      const [category] = await listCategories();
      const product = await createProduct(admin, category!.id, { name: 'With photo', image: url });
      expect(product.image).toBe(url);
      const next = (await upload(admin, 'next.png', await png(300, 300), 'image/png')).json().data as { url: string };
      const updated = await admin.put(`/api/tenant/products/${product.id}`, productBody(category!.id, { name: 'With photo', image: next.url }));
      expect(updated.statusCode, updated.body).toBe(200);
      expect(fs.existsSync(path.join(t.dataDir, url))).toBe(false);
      expect(fs.existsSync(path.join(t.dataDir, next.url))).toBe(true);
      // Files another product still shows stay; the last one to go takes them along.
      const twin = await createProduct(admin, category!.id, { name: 'Twin photo', image: next.url });
      await admin.delete(`/api/tenant/products/${product.id}`);
      expect(fs.existsSync(path.join(t.dataDir, next.url))).toBe(true);
      await admin.delete(`/api/tenant/products/${twin.id}`);
      expect(fs.existsSync(path.join(t.dataDir, next.url))).toBe(false);
    });

    it('a small JPEG is accepted, rotated by EXIF and never enlarged', async () => {
      const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const res = await upload(admin, 'camera.jpg', jpeg, 'image/jpeg');
      expect(res.statusCode, res.body).toBe(201);
      const base = (res.json().data.url as string).replace(/-640\.webp$/, '');
      for (const width of IMAGE_WIDTHS) {
        const meta = await sharp(fs.readFileSync(path.join(t.dataDir, `${base}-${width}.webp`))).metadata();
        // Orientation 6 turns 200x100 upright into 100x200; no width is blown up.
        expect(meta).toMatchObject({ width: 100, height: 200 });
      }
    });

    it('checks the content, not the name: text named x.png and SVG are refused', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
      for (const [name, content, type] of [
        ['x.png', Buffer.from('definitely not an image'), 'image/png'],
        ['logo.svg', svg, 'image/svg+xml'],
        ['logo.png', svg, 'image/png'],
        ['broken.png', (await png(50, 50)).subarray(0, 60), 'image/png'],
      ] as const) {
        const res = await upload(admin, name, content, type);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
        expect(res.json().errors).toEqual({ file: ['The file is not a supported image. Upload a JPEG, PNG, WebP, GIF or AVIF picture.'] });
      }
      const de = await upload(admin, 'x.png', Buffer.from('nope'), 'image/png', { 'accept-language': 'de' });
      expect(de.json().errors.file[0]).toMatch(/kein unterstütztes Bild/);
      expect(fs.readdirSync(path.join(t.dataDir, 'uploads', 't', r.tenantId)).some((f) => f.includes('svg'))).toBe(false);
    });

    it('no file, a wrong field, or not multipart at all: 422 on file', async () => {
      for (const res of [
        await upload(admin, 'a.png', await png(10, 10), 'image/png', {}, 'picture'),
        await admin.post('/api/tenant/uploads/images', { file: 'x' }),
        await upload(admin, 'empty.png', Buffer.alloc(0), 'image/png'),
      ]) {
        expect(res.statusCode, res.body).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['file']);
      }
    });

    it('too big: 413 with a message on file', async () => {
      const res = await upload(admin, 'huge.png', Buffer.concat([await png(10, 10), randomBytes(IMAGE_MAX_BYTES)]), 'image/png');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', errors: { file: ['The image is too big. The maximum is 5 MB.'] } });
    });

    it('too many pixels: 422, without decoding the bomb', async () => {
      const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(big.length).toBeLessThan(IMAGE_MAX_BYTES);
      const res = await upload(admin, 'bomb.png', big, 'image/png');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/too many pixels/);
    });
  });

  it('the products table is only touched through the tenant key', async () => {
    // Sanity: nothing this suite did leaked a product into the demo restaurant.
    const demo = await t.db.select({ id: products.id }).from(products).where(and(eq(products.tenantId, r.tenantId), eq(products.name, 'Foreign bulk')));
    expect(demo).toEqual([]);
  });
});
