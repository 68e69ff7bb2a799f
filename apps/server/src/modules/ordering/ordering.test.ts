import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORDERING_SETTINGS, type TDeliveryZone, type TDeliveryZoneInput, type TOrderingSettingsInput } from '@tavolo/contracts/ordering';
import type { TLiveEvent } from '@tavolo/contracts/live';
import { deliveryZones, orderingSettings } from '../../db/schema/index.ts';
import { describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';

const settings: TOrderingSettingsInput = {
  asap_enabled: true,
  scheduled_enabled: true,
  lead_time_minutes: 25,
  slot_interval_minutes: 15,
  days_ahead: 3,
  max_orders_per_slot: 5,
  tips_enabled: true,
  tip_presets: [15, 5, 10],
  location: { latitude: 52.52, longitude: 13.405 },
};

const centre: TDeliveryZoneInput = { name: 'Centre', kind: 'postal_codes', postal_codes: ['10115', '10 117'], fee_cents: 250, min_order_cents: 1500 };

describeEachDb('ordering rules', (kind) => {
  const t = useTestApp(kind);
  let team: TestTeam;

  beforeAll(async () => {
    team = await t.registerTeam('ordering');
  });

  describe('settings', () => {
    it('starts with the defaults and is for admins only', async () => {
      const res = await team.admin.get('/api/tenant/ordering-settings');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(DEFAULT_ORDERING_SETTINGS);
      expect((await team.manager.get('/api/tenant/ordering-settings')).statusCode).toBe(403);
      expect((await team.manager.put('/api/tenant/ordering-settings', settings)).statusCode).toBe(403);
    });

    it('saves timing, throttling, tips and location, keeping the tax mode and the pause', async () => {
      const until = new Date(Date.now() + 3_600_000);
      await t.db.insert(orderingSettings).values({ tenantId: team.r.tenantId, pricesIncludeTax: false, pausedUntil: until });
      const saved = await team.admin.put('/api/tenant/ordering-settings', settings);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ data: { ...settings, tip_presets: [5, 10, 15] }, message: 'Changes saved successfully' });
      expect((await team.admin.get('/api/tenant/ordering-settings')).json().data).toEqual({ ...settings, tip_presets: [5, 10, 15] });
      const [row] = await t.db.select().from(orderingSettings).where(eq(orderingSettings.tenantId, team.r.tenantId));
      expect(row).toMatchObject({ pricesIncludeTax: false, leadTimeMinutes: 25, maxOrdersPerSlot: 5, latitude: 52.52, longitude: 13.405 });
      expect(row!.pausedUntil?.getTime()).toBe(until.getTime());
      // The other restaurant still has its defaults.
      expect((await team.otherAdmin.get('/api/tenant/ordering-settings')).json().data).toEqual(DEFAULT_ORDERING_SETTINGS);
      await t.db.update(orderingSettings).set({ pausedUntil: null }).where(eq(orderingSettings.tenantId, team.r.tenantId));
    });

    it.each([
      [{ asap_enabled: false, scheduled_enabled: false }, { asap_enabled: ['Allow orders as soon as possible, for later, or both.'] }],
      [{ slot_interval_minutes: 25 }, { slot_interval_minutes: ['Choose 10, 15, 20, 30 or 60 minutes.'] }],
      [{ tip_presets: [10, 10] }, { tip_presets: ['Enter each tip percentage only once.'] }],
      [{ lead_time_minutes: -1 }, { lead_time_minutes: [expect.any(String)] }],
      [{ days_ahead: 15 }, { days_ahead: [expect.any(String)] }],
      [{ max_orders_per_slot: 0 }, { max_orders_per_slot: [expect.any(String)] }],
      [{ tip_presets: [1, 2, 3, 4, 5] }, { tip_presets: [expect.any(String)] }],
      [{ location: { latitude: 91, longitude: 0 } }, { 'location.latitude': [expect.any(String)] }],
    ] as const)('refuses %j with a message on its field', async (change, errors) => {
      const res = await team.admin.put('/api/tenant/ordering-settings', { ...settings, ...change });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    });

    it('answers in German', async () => {
      const res = await team.admin.put('/api/tenant/ordering-settings', { ...settings, slot_interval_minutes: 7 }, { headers: { 'x-language': 'de' } });
      expect(res.json().errors).toEqual({ slot_interval_minutes: ['Wählen Sie 10, 15, 20, 30 oder 60 Minuten.'] });
    });
  });

  describe('delivery zones', () => {
    let centreId: string;
    let ringId: string;

    it('adds zones in try-order, normalising postal codes', async () => {
      const created = await team.admin.post('/api/tenant/delivery-zones', centre);
      expect(created.statusCode, created.body).toBe(201);
      const zone = created.json().data as TDeliveryZone;
      expect(zone).toMatchObject({ name: 'Centre', kind: 'postal_codes', postal_codes: ['10115', '10117'], radius_meters: null, fee_cents: 250, min_order_cents: 1500, is_active: true, sort_order: 0 });
      centreId = zone.id;
      const ring = await team.admin.post('/api/tenant/delivery-zones', { name: 'Ring', kind: 'radius', radius_meters: 5000, fee_cents: 450, min_order_cents: 2500, postal_codes: ['99999'] });
      expect(ring.statusCode, ring.body).toBe(201);
      expect(ring.json().data).toMatchObject({ kind: 'radius', radius_meters: 5000, postal_codes: [], sort_order: 1 });
      ringId = ring.json().data.id;
      const list = await team.admin.get('/api/tenant/delivery-zones');
      expect(list.json().data.map((z: TDeliveryZone) => z.name)).toEqual(['Centre', 'Ring']);
      expect((await team.otherAdmin.get('/api/tenant/delivery-zones')).json().data).toEqual([]);
      expect((await team.manager.post('/api/tenant/delivery-zones', centre)).statusCode).toBe(403);
    });

    it('checks each field', async () => {
      const codes = await team.admin.post('/api/tenant/delivery-zones', { ...centre, postal_codes: [] });
      expect(codes.statusCode).toBe(422);
      expect(codes.json().errors).toEqual({ postal_codes: ['Enter at least one postal code.'] });
      const pattern = await team.admin.post('/api/tenant/delivery-zones', { ...centre, postal_codes: ['10115', '1*0'] });
      expect(pattern.json().errors).toEqual({ 'postal_codes.1': ['Enter postal codes of letters, digits, spaces or dashes; end one with * to cover every code that starts so.'] });
      const radius = await team.admin.post('/api/tenant/delivery-zones', { ...centre, kind: 'radius' });
      expect(radius.json().errors).toEqual({ radius_meters: [expect.any(String)] });
      const fee = await team.admin.post('/api/tenant/delivery-zones', { ...centre, fee_cents: -1, name: '' });
      expect(Object.keys(fee.json().errors).sort()).toEqual(['fee_cents', 'name']);
      expect((await team.admin.get('/api/tenant/delivery-zones')).json().data).toHaveLength(2);
    });

    it('needs the restaurant location for a radius zone, and keeps it while one exists', async () => {
      const other = await team.otherAdmin.post('/api/tenant/delivery-zones', { name: 'Ring', kind: 'radius', radius_meters: 3000, fee_cents: 0, min_order_cents: 0 });
      expect(other.statusCode).toBe(422);
      expect(other.json().errors).toEqual({ radius_meters: ["Set the restaurant's location first: a radius zone is measured from it."] });
      const de = await team.otherAdmin.post('/api/tenant/delivery-zones', { name: 'Ring', kind: 'radius', radius_meters: 3000, fee_cents: 0, min_order_cents: 0 }, { headers: { 'x-language': 'de' } });
      expect(de.json().errors.radius_meters[0]).toMatch(/Standort des Restaurants/);
      const clear = await team.admin.put('/api/tenant/ordering-settings', { ...settings, location: null });
      expect(clear.statusCode).toBe(422);
      expect(clear.json().errors).toEqual({ location: [expect.stringMatching(/Radius delivery zones/)] });
      expect((await team.admin.get('/api/tenant/ordering-settings')).json().data.location).toEqual(settings.location);
    });

    it('changes a zone', async () => {
      const res = await team.admin.put(`/api/tenant/delivery-zones/${centreId}`, { ...centre, postal_codes: ['101*'], fee_cents: 300, is_active: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: centreId, postal_codes: ['101*'], fee_cents: 300, is_active: false, sort_order: 0 });
      expect((await team.admin.put(`/api/tenant/delivery-zones/${unknownId()}`, centre)).statusCode).toBe(404);
    });

    it('reorders with every zone once', async () => {
      const res = await team.admin.put('/api/tenant/delivery-zones/order', { ids: [ringId, centreId] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((z: TDeliveryZone) => [z.name, z.sort_order])).toEqual([
        ['Ring', 0],
        ['Centre', 1],
      ]);
      for (const ids of [[ringId], [ringId, ringId], [ringId, centreId, unknownId()], [ringId, unknownId()]]) {
        const bad = await team.admin.put('/api/tenant/delivery-zones/order', { ids });
        expect(bad.statusCode).toBe(422);
        expect(bad.json().errors).toEqual({ ids: ['List every delivery zone exactly once.'] });
      }
      expect((await team.admin.get('/api/tenant/delivery-zones')).json().data.map((z: TDeliveryZone) => z.name)).toEqual(['Ring', 'Centre']);
    });

    it("never touches another restaurant's zone", async () => {
      const theirs = await team.otherAdmin.post('/api/tenant/delivery-zones', { ...centre, name: 'Theirs' });
      expect(theirs.statusCode).toBe(201);
      const id = theirs.json().data.id as string;
      expect((await team.admin.put(`/api/tenant/delivery-zones/${id}`, { ...centre, name: 'Taken' })).statusCode).toBe(404);
      expect((await team.admin.delete(`/api/tenant/delivery-zones/${id}`)).statusCode).toBe(404);
      expect((await team.admin.put('/api/tenant/delivery-zones/order', { ids: [ringId, centreId, id] })).statusCode).toBe(422);
      const [row] = await t.db.select().from(deliveryZones).where(eq(deliveryZones.id, id));
      expect(row).toMatchObject({ name: 'Theirs', tenantId: team.other.tenantId });
    });

    it('deletes a zone, then the location can go', async () => {
      expect((await team.admin.delete(`/api/tenant/delivery-zones/${ringId}`)).statusCode).toBe(200);
      expect((await team.admin.delete(`/api/tenant/delivery-zones/${ringId}`)).statusCode).toBe(404);
      expect((await team.admin.get('/api/tenant/delivery-zones')).json().data.map((z: TDeliveryZone) => z.id)).toEqual([centreId]);
      const clear = await team.admin.put('/api/tenant/ordering-settings', { ...settings, location: null });
      expect(clear.statusCode, clear.body).toBe(200);
      expect(clear.json().data.location).toBeNull();
    });

    it('allows at most 30 zones', async () => {
      const count = (await team.otherAdmin.get('/api/tenant/delivery-zones')).json().data.length as number;
      await t.db.insert(deliveryZones).values(Array.from({ length: 30 - count }, (_, i) => ({ tenantId: team.other.tenantId, name: `Z${i}`, kind: 'postal_codes' as const, postalCodes: [`${i}`], sortOrder: i + 1 })));
      const res = await team.otherAdmin.post('/api/tenant/delivery-zones', centre);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('A restaurant can have at most 30 delivery zones.');
    });
  });

  describe('pause for a while', () => {
    it('pauses for the chosen minutes, tells open dashboards, and resumes', async () => {
      const events: TLiveEvent[] = [];
      const off = t.app.live.subscribe(team.r.tenantId, (e) => events.push(e));
      expect((await team.staff.get('/api/tenant/orders/pause')).json().data).toEqual({ paused_until: null, time_zone: expect.any(String) });
      expect((await team.staff.post('/api/tenant/orders/pause', { minutes: 30 })).statusCode).toBe(403);
      expect((await team.manager.post('/api/tenant/orders/pause', { minutes: 45 })).statusCode).toBe(422);

      const before = Date.now();
      const res = await team.manager.post('/api/tenant/orders/pause', { minutes: 30 });
      expect(res.statusCode, res.body).toBe(200);
      const until = new Date(res.json().data.paused_until).getTime();
      expect(until).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
      expect(until).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);
      expect(res.json().message).toMatch(/^Online orders are paused until \d\d:\d\d\.$/);
      expect(events).toEqual([{ topics: ['orders'] }]);
      expect((await team.staff.get('/api/tenant/orders/pause')).json().data.paused_until).toBe(res.json().data.paused_until);
      // The storefront shows it; the other restaurant is not paused.
      const details = await t.client(team.r.host).get('/api/tenant/get-tenant-details');
      expect(details.json().data).toMatchObject({ paused_until: res.json().data.paused_until, time_zone: expect.any(String) });
      expect((await t.client(team.other.host).get('/api/tenant/get-tenant-details')).json().data.paused_until).toBeNull();
      expect((await team.otherAdmin.get('/api/tenant/orders/pause')).json().data.paused_until).toBeNull();

      const options = await t.client(team.r.host).get('/api/tenant/orders/options');
      // Nothing for as soon as possible while paused (orders for later go on: see ordering-rules.test.ts).
      expect(options.json().data).toMatchObject({ open_now: false, paused_until: res.json().data.paused_until });

      const resumed = await team.manager.post('/api/tenant/orders/pause', { minutes: null });
      expect(resumed.json()).toMatchObject({ data: { paused_until: null }, message: 'Online orders are open again.' });
      expect(events).toHaveLength(2);
      expect((await t.client(team.r.host).get('/api/tenant/get-tenant-details')).json().data.paused_until).toBeNull();
      off();
    });

    it('is over by itself once the time has passed', async () => {
      await t.db.update(orderingSettings).set({ pausedUntil: new Date(Date.now() - 1000) }).where(eq(orderingSettings.tenantId, team.r.tenantId));
      expect((await team.staff.get('/api/tenant/orders/pause')).json().data.paused_until).toBeNull();
      expect((await t.client(team.r.host).get('/api/tenant/get-tenant-details')).json().data.paused_until).toBeNull();
    });
  });
});
