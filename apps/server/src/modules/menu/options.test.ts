import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import type { TAdminProduct, TProductInput } from '@tavolo/contracts/menu';
import type { TOptionGroup, TOptionGroupInput } from '@tavolo/contracts/ordering';
import type { TPublicProduct } from '@tavolo/contracts/storefront';
import { menuOptions, productOptionGroups, taxRates } from '../../db/schema/index.ts';
import { describeEachDb, unknownId, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';

describeEachDb('option groups, allergens and diet tags', (kind) => {
  const t = useTestApp(kind, { seed: true });
  let r: RegisteredTenant;
  let admin: TestClient;
  let manager: TestClient;
  let staff: TestClient;
  let other: RegisteredTenant;
  let otherAdmin: TestClient;
  let categoryId: string;

  beforeAll(async () => {
    ({ r, admin, manager, staff, other, otherAdmin } = await t.registerTeam('options'));
    categoryId = await t.addCategory(r.tenantId, { name: 'Pizza' });
  });

  const size: TOptionGroupInput = {
    name: 'Size',
    min_select: 1,
    max_select: 1,
    options: [
      { name: 'Regular', price_delta_cents: 0 },
      { name: 'Large', price_delta_cents: 300 },
    ],
  };
  const createGroup = async (c: TestClient, body: TOptionGroupInput) => {
    const res = await c.post('/api/tenant/option-groups', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as TOptionGroup;
  };
  const listGroups = async (c: TestClient = admin) => {
    const res = await c.get('/api/tenant/option-groups');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TOptionGroup[];
  };
  const productBody = (overrides: Partial<TProductInput> = {}): TProductInput => ({ name: 'Margherita', price_cents: 1000, category_id: categoryId, ...overrides });

  describe('option groups', () => {
    it('create, list with products count, update (options replaced, ids kept), delete', async () => {
      const group = await createGroup(admin, size);
      expect(group).toMatchObject({ name: 'Size', min_select: 1, max_select: 1, products_count: 0 });
      expect(group.options.map((o) => [o.name, o.price_delta_cents, o.is_active])).toEqual([
        ['Regular', 0, true],
        ['Large', 300, true],
      ]);
      const [regular, large] = group.options;

      // Large keeps its id (renamed, cheaper), Regular goes, Family is new; order as sent.
      const res = await manager.put(`/api/tenant/option-groups/${group.id}`, {
        name: 'Pizza size',
        min_select: 1,
        max_select: 1,
        options: [
          { name: 'Family', price_delta_cents: 800 },
          { id: large!.id, name: 'Big', price_delta_cents: 250, is_active: true },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json().data as TOptionGroup;
      expect(updated.name).toBe('Pizza size');
      expect(updated.options.map((o) => [o.name, o.price_delta_cents])).toEqual([
        ['Family', 800],
        ['Big', 250],
      ]);
      expect(updated.options[1]!.id).toBe(large!.id);
      const rows = await t.db.select({ id: menuOptions.id }).from(menuOptions).where(eq(menuOptions.groupId, group.id));
      expect(rows.map((o) => o.id)).not.toContain(regular!.id);
      expect(rows).toHaveLength(2);

      const product = await admin.post('/api/tenant/products', productBody({ option_group_ids: [group.id] }));
      expect(product.statusCode, product.body).toBe(201);
      expect((await listGroups()).find((g) => g.id === group.id)?.products_count).toBe(1);
      expect(await listGroups(otherAdmin)).toEqual([]);

      const del = await admin.delete(`/api/tenant/option-groups/${group.id}`);
      expect(del.statusCode, del.body).toBe(200);
      expect((await listGroups()).some((g) => g.id === group.id)).toBe(false);
      const links = await t.db.select().from(productOptionGroups).where(eq(productOptionGroups.groupId, group.id));
      expect(links).toEqual([]);
      const after = await admin.get(`/api/tenant/products/${(product.json().data as TAdminProduct).id}`);
      expect((after.json().data as TAdminProduct).option_group_ids).toEqual([]);
    });

    it('names are unique per restaurant ignoring case; the other restaurant may use the same name', async () => {
      await createGroup(admin, { ...size, name: 'Crust' });
      const res = await admin.post('/api/tenant/option-groups', { ...size, name: 'CRUST' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ name: ['An option group with this name already exists.'] });
      const de = await admin.post('/api/tenant/option-groups', { ...size, name: 'crust' }, { headers: { 'accept-language': 'de' } });
      expect(de.json().errors.name).toEqual(['Eine Optionsgruppe mit diesem Namen gibt es bereits.']);
      await createGroup(otherAdmin, { ...size, name: 'Crust' });

      const sauce = await createGroup(admin, { ...size, name: 'Sauce' });
      const rename = await admin.put(`/api/tenant/option-groups/${sauce.id}`, { ...size, name: 'crust' });
      expect(rename.statusCode).toBe(422);
      expect(Object.keys(rename.json().errors)).toEqual(['name']);
      expect((await listGroups()).find((g) => g.id === sauce.id)?.name).toBe('Sauce');
    });

    it('validates the group: min above max, options needed, duplicate option names, more required than active', async () => {
      const res = await admin.post('/api/tenant/option-groups', { name: 'Bad', min_select: 2, max_select: 1, options: [] });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['max_select', 'min_select', 'options']);
      const dup = await admin.post('/api/tenant/option-groups', {
        name: 'Dup',
        min_select: 2,
        max_select: 2,
        options: [
          { name: 'A', price_delta_cents: 0 },
          { name: 'a', price_delta_cents: 0, is_active: false },
        ],
      });
      expect(dup.statusCode).toBe(422);
      expect(Object.keys(dup.json().errors).sort()).toEqual(['min_select', 'options.1.name']);
    });

    it("refuses another group's option ids and another restaurant's groups", async () => {
      const mine = await createGroup(admin, { ...size, name: 'Dough' });
      const theirs = await createGroup(otherAdmin, { ...size, name: 'Dough' });
      const before = await listGroups(otherAdmin);

      const foreignOption = await admin.put(`/api/tenant/option-groups/${mine.id}`, {
        ...size,
        name: 'Dough',
        options: [{ id: theirs.options[0]!.id, name: 'Stolen', price_delta_cents: 0 }],
      });
      expect(foreignOption.statusCode).toBe(422);
      expect(Object.keys(foreignOption.json().errors)).toEqual(['options.0.id']);

      expect((await admin.put(`/api/tenant/option-groups/${theirs.id}`, size)).statusCode).toBe(404);
      expect((await admin.delete(`/api/tenant/option-groups/${theirs.id}`)).statusCode).toBe(404);
      expect((await admin.delete(`/api/tenant/option-groups/${unknownId()}`)).statusCode).toBe(404);
      expect(await listGroups(otherAdmin)).toEqual(before);
    });

    it('staff (no menu permissions) may neither look nor change; a manager may look', async () => {
      expect((await manager.get('/api/tenant/option-groups')).statusCode).toBe(200);
      expect((await staff.get('/api/tenant/option-groups')).statusCode).toBe(403);
      expect((await staff.post('/api/tenant/option-groups', { ...size, name: 'Staff group' })).statusCode).toBe(403);
      expect((await listGroups()).some((g) => g.name === 'Staff group')).toBe(false);
    });
  });

  describe('no dish below nothing', () => {
    it('refuses options that would take more off a dish than it costs, at the dish or at the option, and changes nothing', async () => {
      // A size that takes off 2.00 and extras that take off up to 1.00 each (two at most): a dish at 4.00 can fall to 0.00.
      const smaller = await createGroup(admin, { name: 'Smaller', min_select: 1, max_select: 1, options: [{ name: 'Kids', price_delta_cents: -200 }, { name: 'Adult', price_delta_cents: 0 }] });
      const without = await createGroup(admin, {
        name: 'Without',
        min_select: 0,
        max_select: 2,
        options: [{ name: 'No cheese', price_delta_cents: -100 }, { name: 'No ham', price_delta_cents: -100 }, { name: 'Old', price_delta_cents: -5000, is_active: false }],
      });
      const free = await admin.post('/api/tenant/products', productBody({ name: 'Free at best', price_cents: 400, option_group_ids: [smaller.id, without.id] }));
      expect(free.statusCode, free.body).toBe(201);
      const below = await admin.post('/api/tenant/products', productBody({ name: 'Below', price_cents: 399, option_group_ids: [smaller.id, without.id] }), { headers: { 'x-language': 'de' } });
      expect(below.statusCode).toBe(422);
      expect(below.json().errors).toEqual({ price_cents: [translate('de', 'ordering.options.below_zero')] });
      const dish = free.json().data as TAdminProduct;
      const lowered = await admin.put(`/api/tenant/products/${dish.id}`, productBody({ name: 'Free at best', price_cents: 300, option_group_ids: [smaller.id, without.id] }));
      expect(lowered.statusCode).toBe(422);
      expect(Object.keys(lowered.json().errors)).toEqual(['price_cents']);

      // The owner's typo at the option ("-100" for -1.00): refused at that option, naming the dish; the group stays as it was.
      const typo = await admin.put(`/api/tenant/option-groups/${smaller.id}`, {
        name: 'Smaller',
        min_select: 1,
        max_select: 1,
        options: [{ id: smaller.options[0]!.id, name: 'Kids', price_delta_cents: -10000 }, { id: smaller.options[1]!.id, name: 'Adult', price_delta_cents: 0 }],
      });
      expect(typo.statusCode).toBe(422);
      expect(typo.json().errors).toEqual({ 'options.0.price_delta_cents': [translate('en', 'ordering.options.below_zero_product', { product: 'Free at best' })] });
      expect((await listGroups()).find((g) => g.id === smaller.id)!.options.map((o) => o.price_delta_cents)).toEqual([-200, 0]);
      // A group no dish offers may take off anything.
      const loose = await createGroup(admin, { name: 'Loose', min_select: 0, max_select: 1, options: [{ name: 'Big discount', price_delta_cents: -100000 }] });
      expect(loose.options[0]!.price_delta_cents).toBe(-100000);
    });
  });

  describe('product fields', () => {
    it('saves allergens, diet tags, tax rate and option groups in order; replaces them on update', async () => {
      const [rate] = await t.db.insert(taxRates).values({ tenantId: r.tenantId, name: 'Reduced', rateMillipercent: 7000 }).returning({ id: taxRates.id });
      const a = await createGroup(admin, { ...size, name: 'First' });
      const b = await createGroup(admin, { ...size, name: 'Second' });
      const res = await admin.post(
        '/api/tenant/products',
        productBody({ allergens: ['milk', 'gluten', 'milk'], diet_tags: ['vegetarian'], tax_rate_id: rate!.id, option_group_ids: [b.id, a.id] }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json().data as TAdminProduct;
      expect(created).toMatchObject({ allergens: ['gluten', 'milk'], diet_tags: ['vegetarian'], tax_rate_id: rate!.id, option_group_ids: [b.id, a.id] });

      const upd = await admin.put(`/api/tenant/products/${created.id}`, productBody({ allergens: [], diet_tags: ['vegan', 'spicy'], tax_rate_id: null, option_group_ids: [a.id] }));
      expect(upd.statusCode, upd.body).toBe(200);
      expect(upd.json().data).toMatchObject({ allergens: [], diet_tags: ['spicy', 'vegan'], tax_rate_id: null, option_group_ids: [a.id] });

      const list = await admin.get('/api/tenant/products', { query: { per_page: 100 } });
      const listed = (list.json().data.data as TAdminProduct[]).find((p) => p.id === created.id);
      expect(listed?.option_group_ids).toEqual([a.id]);
      expect(listed?.diet_tags).toEqual(['spicy', 'vegan']);
    });

    it("refuses another restaurant's tax rate and option groups, and unknown codes, without a change", async () => {
      const [theirRate] = await t.db.insert(taxRates).values({ tenantId: other.tenantId, name: 'Theirs', rateMillipercent: 19000 }).returning({ id: taxRates.id });
      const theirGroup = await createGroup(otherAdmin, { ...size, name: 'Their extras' });
      const mine = await createGroup(admin, { ...size, name: 'My extras' });

      const rate = await admin.post('/api/tenant/products', productBody({ name: 'Taxed', tax_rate_id: theirRate!.id }));
      expect(rate.statusCode).toBe(422);
      expect(Object.keys(rate.json().errors)).toEqual(['tax_rate_id']);
      const groups = await admin.post('/api/tenant/products', productBody({ name: 'Grouped', option_group_ids: [mine.id, theirGroup.id] }));
      expect(groups.statusCode).toBe(422);
      expect(groups.json().errors).toEqual({ option_group_ids: ['Choose option groups of your own menu.'] });
      const codes = await admin.post('/api/tenant/products', { ...productBody(), allergens: ['bacon'], diet_tags: ['keto'] });
      expect(codes.statusCode).toBe(422);
      expect(Object.keys(codes.json().errors).sort()).toEqual(['allergens.0', 'diet_tags.0']);

      const existing = (await admin.post('/api/tenant/products', productBody({ name: 'Kept', option_group_ids: [mine.id] }))).json().data as TAdminProduct;
      const upd = await admin.put(`/api/tenant/products/${existing.id}`, productBody({ name: 'Changed', option_group_ids: [theirGroup.id] }));
      expect(upd.statusCode).toBe(422);
      const now = (await admin.get(`/api/tenant/products/${existing.id}`)).json().data as TAdminProduct;
      expect(now).toMatchObject({ name: 'Kept', option_group_ids: [mine.id] });
      const theirLinks = await t.db.select().from(productOptionGroups).where(and(eq(productOptionGroups.tenantId, r.tenantId), eq(productOptionGroups.groupId, theirGroup.id)));
      expect(theirLinks).toEqual([]);
    });
  });

  describe('storefront', () => {
    const publicProducts = async (query: Record<string, string | number> = {}) => {
      const res = await t.client(r.host).get('/api/tenant/public/products', { query: { per_page: 48, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.data as TPublicProduct[];
    };

    it('shows allergens, diet tags and only active options of groups that still have one; filters by diet and allergens', async () => {
      const cat = await t.addCategory(r.tenantId, { name: 'Storefront test' });
      const group = await createGroup(admin, {
        name: 'Toppings',
        min_select: 0,
        max_select: 2,
        options: [
          { name: 'Olives', price_delta_cents: 100 },
          { name: 'Anchovies', price_delta_cents: 150, is_active: false },
        ],
      });
      const sleeping = await createGroup(admin, { name: 'Sleeping', min_select: 0, max_select: 1, options: [{ name: 'Off', price_delta_cents: 0, is_active: false }] });
      const make = async (name: string, extra: Partial<TProductInput>) => {
        const res = await admin.post('/api/tenant/products', { ...productBody({ name, category_id: cat }), ...extra });
        expect(res.statusCode, res.body).toBe(201);
      };
      await make('Vegan spicy', { diet_tags: ['vegan', 'vegetarian', 'spicy'], allergens: ['gluten'], option_group_ids: [group.id, sleeping.id] });
      await make('Vegetarian', { diet_tags: ['vegetarian'], allergens: ['milk'] });
      await make('Plain', { allergens: ['fish', 'milk'] });

      const all = await publicProducts({ category_id: cat });
      const vegan = all.find((p) => p.name === 'Vegan spicy')!;
      expect(vegan.diet_tags).toEqual(['spicy', 'vegan', 'vegetarian']);
      expect(vegan.allergens).toEqual(['gluten']);
      expect(vegan.option_groups).toEqual([{ id: group.id, name: 'Toppings', min_select: 0, max_select: 2, options: [{ id: group.options[0]!.id, name: 'Olives', price_delta_cents: 100 }] }]);
      expect(all.find((p) => p.name === 'Plain')!.option_groups).toEqual([]);

      const names = async (query: Record<string, string>) => (await publicProducts({ category_id: cat, ...query })).map((p) => p.name).sort();
      expect(await names({ diet: 'vegetarian' })).toEqual(['Vegan spicy', 'Vegetarian']);
      expect(await names({ diet: 'vegetarian,spicy' })).toEqual(['Vegan spicy']);
      expect(await names({ allergen_free: 'milk' })).toEqual(['Vegan spicy']);
      expect(await names({ allergen_free: 'gluten,fish' })).toEqual(['Vegetarian']);
      expect(await names({ diet: 'vegan', allergen_free: 'gluten' })).toEqual([]);

      const bad = await t.client(r.host).get('/api/tenant/public/products', { query: { diet: 'vegan,keto' } });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['diet']);
      const badAllergen = await t.client(r.host).get('/api/tenant/public/products', { query: { allergen_free: 'bacon' } });
      expect(badAllergen.statusCode).toBe(422);
      expect(Object.keys(badAllergen.json().errors)).toEqual(['allergen_free']);
    });
  });
});
