import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { orderingSettings, products, taxRates } from '../../db/schema/index.ts';
import { describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';

interface Rate {
  id: string;
  name: string;
  rate_millipercent: number;
  is_default: boolean;
  products_count: number;
}

describeEachDb('tax administration', (kind) => {
  const t = useTestApp(kind);
  let team: TestTeam;
  let soup: string;
  let wine: string;
  let beer: string;

  beforeAll(async () => {
    team = await t.registerTeam('taxes');
    const category = await t.addCategory(team.r.tenantId, { name: 'Menu' });
    soup = await t.addProduct(team.r.tenantId, category, { name: 'Soup', priceCents: 900 });
    wine = await t.addProduct(team.r.tenantId, category, { name: 'Wine', priceCents: 700 });
    beer = await t.addProduct(team.r.tenantId, category, { name: 'Beer', priceCents: 450 });
  });

  const list = async (): Promise<Rate[]> => (await team.manager.get('/api/tenant/tax-rates')).json().data;
  const setRate = (productId: string, rateId: string | null) => t.db.update(products).set({ taxRateId: rateId }).where(eq(products.id, productId));

  let food: Rate;
  let drinks: Rate;

  it('makes the first rate the default; admins add rates, managers may only read them, staff neither', async () => {
    expect(await list()).toEqual([]);
    expect((await team.staff.get('/api/tenant/tax-rates')).statusCode).toBe(403);
    expect((await team.manager.post('/api/tenant/tax-rates', { name: 'VAT 7 %', rate_millipercent: 7000 })).statusCode).toBe(403);

    const first = await team.admin.post('/api/tenant/tax-rates', { name: 'VAT 7 %', rate_millipercent: 7000 });
    expect(first.statusCode, first.body).toBe(201);
    food = first.json().data;
    expect(food).toEqual({ id: expect.any(String), name: 'VAT 7 %', rate_millipercent: 7000, is_default: true, products_count: 0 });

    const second = await team.admin.post('/api/tenant/tax-rates', { name: 'VAT 19 %', rate_millipercent: 19000 });
    drinks = second.json().data;
    expect(drinks).toMatchObject({ rate_millipercent: 19000, is_default: false });
    expect((await list()).map((r) => [r.name, r.is_default])).toEqual([
      ['VAT 7 %', true],
      ['VAT 19 %', false],
    ]);
  });

  it('checks the fields with translated messages', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: '  ' }, { name: ['This field is required.'] }],
      [{ name: 'x'.repeat(61) }, { name: ['Must be at most 60 characters.'] }],
      [{ rate_millipercent: 7.5 }, { rate_millipercent: ['Enter a whole number.'] }],
      // Out of range (the exact wording is the shared integer schema's; see contracts ordering.ts).
      [{ rate_millipercent: -1 }, { rate_millipercent: [expect.stringMatching(/ /)] as unknown as string[] }],
      [{ rate_millipercent: 100_001 }, { rate_millipercent: [expect.stringMatching(/ /)] as unknown as string[] }],
      [{ rate_millipercent: '7000' }, { rate_millipercent: ['Enter a whole number.'] }],
      [{ is_default: 'yes' }, { is_default: ['This value has the wrong type.'] }],
    ];
    for (const [change, errors] of cases) {
      const res = await team.admin.post('/api/tenant/tax-rates', { name: 'Checked', rate_millipercent: 5000, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors, JSON.stringify(change)).toEqual(errors);
    }
    const de = await team.admin.post('/api/tenant/tax-rates', { name: '', rate_millipercent: 1.5 }, { headers: { 'x-language': 'de' } });
    expect(de.json().errors).toEqual({ name: ['Dieses Feld ist erforderlich.'], rate_millipercent: ['Geben Sie eine ganze Zahl ein.'] });
    expect((await list()).length).toBe(2);
  });

  it('counts the products of each rate', async () => {
    await setRate(wine, drinks.id);
    await setRate(beer, drinks.id);
    await setRate(soup, food.id);
    expect((await list()).map((r) => [r.name, r.products_count])).toEqual([
      ['VAT 7 %', 1],
      ['VAT 19 %', 2],
    ]);
  });

  it('moves the default: one rate at a time, never none', async () => {
    const res = await team.admin.put(`/api/tenant/tax-rates/${drinks.id}`, { name: 'VAT 19 % drinks', rate_millipercent: 19000, is_default: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ...drinks, name: 'VAT 19 % drinks', is_default: true, products_count: 2 });
    expect((await list()).map((r) => [r.name, r.is_default])).toEqual([
      ['VAT 19 % drinks', true],
      ['VAT 7 %', false],
    ]);

    // Taking the flag off the default is refused: another rate has to take it over.
    const off = await team.admin.put(`/api/tenant/tax-rates/${drinks.id}`, { name: 'VAT 19 %', rate_millipercent: 19000, is_default: false });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toEqual({ is_default: ['One rate must be the default. Make another rate the default instead.'] });

    // A new rate marked default takes it over too.
    const zero = await team.admin.post('/api/tenant/tax-rates', { name: 'Zero', rate_millipercent: 0, is_default: true });
    expect(zero.json().data).toMatchObject({ is_default: true });
    const back = await team.admin.put(`/api/tenant/tax-rates/${food.id}`, { name: 'VAT 7 %', rate_millipercent: 7000, is_default: true });
    expect(back.statusCode).toBe(200);
    expect((await t.db.select().from(taxRates).where(eq(taxRates.tenantId, team.r.tenantId))).filter((r) => r.isDefault).map((r) => r.id)).toEqual([food.id]);
    expect((await team.admin.delete(`/api/tenant/tax-rates/${zero.json().data.id}`)).statusCode).toBe(200);
  });

  it('refuses to delete the default while other rates exist', async () => {
    const res = await team.admin.delete(`/api/tenant/tax-rates/${food.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This is the default rate. Make another rate the default first, then delete this one.');
    const de = await team.admin.delete(`/api/tenant/tax-rates/${food.id}`, { headers: { 'x-language': 'de' } });
    expect(de.json().message).toBe('Dies ist der Standardsteuersatz. Machen Sie zuerst einen anderen Satz zum Standard und löschen Sie dann diesen.');
    expect((await list()).length).toBe(2);
  });

  it("answers 404 for another restaurant's rate and changes nothing", async () => {
    const theirs = (await team.otherAdmin.post('/api/tenant/tax-rates', { name: 'Theirs', rate_millipercent: 20000 })).json().data;
    const before = await t.db.select().from(taxRates).where(eq(taxRates.tenantId, team.other.tenantId));
    expect((await team.admin.put(`/api/tenant/tax-rates/${theirs.id}`, { name: 'Mine now', rate_millipercent: 0, is_default: true })).statusCode).toBe(404);
    expect((await team.admin.delete(`/api/tenant/tax-rates/${theirs.id}`)).statusCode).toBe(404);
    expect((await team.admin.put(`/api/tenant/tax-rates/${unknownId()}`, { name: 'Nobody', rate_millipercent: 0 })).statusCode).toBe(404);
    expect((await team.admin.delete(`/api/tenant/tax-rates/${unknownId()}`)).statusCode).toBe(404);
    expect(await t.db.select().from(taxRates).where(eq(taxRates.tenantId, team.other.tenantId))).toEqual(before);
    expect(before).toMatchObject([{ name: 'Theirs', isDefault: true }]);
    // Our default is still ours alone.
    expect((await list()).find((r) => r.is_default)?.id).toBe(food.id);
  });

  it('deleting a rate puts its products back on the default, in the same step', async () => {
    const res = await team.admin.delete(`/api/tenant/tax-rates/${drinks.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select({ id: products.id, rate: products.taxRateId }).from(products).where(eq(products.tenantId, team.r.tenantId));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.rate]))).toEqual({ [soup]: food.id, [wine]: null, [beer]: null });
    // The default goes last, once it is alone.
    expect((await team.admin.delete(`/api/tenant/tax-rates/${food.id}`)).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    expect((await t.db.select().from(products).where(eq(products.id, soup)))[0]!.taxRateId).toBeNull();
    // And the next first rate is the default again.
    const again = await team.admin.post('/api/tenant/tax-rates', { name: 'Again', rate_millipercent: 10000, is_default: false });
    expect(again.json().data.is_default).toBe(true);
  });

  it('never leaves two defaults when saves race', async () => {
    const made = await Promise.all(['A', 'B', 'C'].map((name) => team.admin.post('/api/tenant/tax-rates', { name, rate_millipercent: 5000, is_default: true })));
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const defaults = (await list()).filter((r) => r.is_default);
    expect(defaults.length).toBe(1);
  });

  it('saves whether prices include tax, touching no other ordering setting', async () => {
    expect((await team.manager.get('/api/tenant/tax-settings')).statusCode).toBe(403);
    expect((await team.admin.get('/api/tenant/tax-settings')).json().data).toEqual({ prices_include_tax: true });
    await t.db.update(orderingSettings).set({ leadTimeMinutes: 45, tipsEnabled: true }).where(eq(orderingSettings.tenantId, team.r.tenantId));

    const res = await team.admin.put('/api/tenant/tax-settings', { prices_include_tax: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { prices_include_tax: false }, message: 'Changes saved successfully' });
    expect((await team.admin.get('/api/tenant/tax-settings')).json().data).toEqual({ prices_include_tax: false });
    const [row] = await t.db.select().from(orderingSettings).where(eq(orderingSettings.tenantId, team.r.tenantId));
    expect(row).toMatchObject({ pricesIncludeTax: false, leadTimeMinutes: 45, tipsEnabled: true });

    // A restaurant without a settings row gets one with the defaults and only this changed.
    const other = await team.otherAdmin.put('/api/tenant/tax-settings', { prices_include_tax: false });
    expect(other.statusCode).toBe(200);
    const [created] = await t.db.select().from(orderingSettings).where(eq(orderingSettings.tenantId, team.other.tenantId));
    expect(created).toMatchObject({ pricesIncludeTax: false, leadTimeMinutes: 20, tipsEnabled: false, asapEnabled: true });

    const bad = await team.admin.put('/api/tenant/tax-settings', { prices_include_tax: 'no' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ prices_include_tax: ['This value has the wrong type.'] });
    expect((await team.admin.put('/api/tenant/tax-settings', {})).json().errors).toEqual({ prices_include_tax: ['This field is required.'] });
  });
});
