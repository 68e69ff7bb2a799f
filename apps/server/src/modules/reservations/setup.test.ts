import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESERVATION_SETTINGS, type TReservationSettings } from '@tavolo/contracts/reservations';
import { DEFAULT_OPENING_HOURS } from '@tavolo/contracts/settings';
import { diningTables, reservationTables, reservations } from '../../db/schema/index.ts';
import { describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachDb('reservation setup', (kind) => {
  const t = useTestApp(kind);
  let team: TestTeam;

  beforeAll(async () => {
    team = await t.registerTeam('setup');
  });

  /** A booking straight into the tables, holding `tableId` on `date`. */
  const bookAt = async (tableId: string, date: string, status = 'confirmed') => {
    const [row] = await t.db
      .insert(reservations)
      .values({ tenantId: team.r.tenantId, fullName: 'Held Guest', phoneNumber: '+49 30 1', email: 'held@example.com', date, time: '19:00', guests: 2, message: '', status })
      .returning({ id: reservations.id });
    await t.db.insert(reservationTables).values({ tenantId: team.r.tenantId, reservationId: row!.id, tableId });
    return row!.id;
  };

  it('starts with the default rules, no areas, and the opening hours', async () => {
    const res = await team.staff.get('/api/tenant/reservation-setup');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ settings: DEFAULT_RESERVATION_SETTINGS, areas: [], opening_hours: DEFAULT_OPENING_HOURS, time_zone: expect.any(String) });
  });

  it('saves the booking rules (managers may, staff may not) and checks each field', async () => {
    const rules: TReservationSettings = { ...DEFAULT_RESERVATION_SETTINGS, slot_interval_minutes: 30, auto_confirm: true, max_party_online: 6, lead_time_minutes: 120 };
    expect((await team.staff.put('/api/tenant/reservation-setup/settings', rules)).statusCode).toBe(403);
    const saved = await team.manager.put('/api/tenant/reservation-setup/settings', rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ data: rules, message: 'Booking rules saved.' });
    expect((await team.staff.get('/api/tenant/reservation-setup')).json().data.settings).toEqual(rules);

    const bad = await team.manager.put(
      '/api/tenant/reservation-setup/settings',
      { ...rules, slot_interval_minutes: 25, stay_rules: [{ max_guests: 4, minutes: 90 }, { max_guests: 4, minutes: 92 }] },
      { headers: { 'x-language': 'de' } },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      slot_interval_minutes: ['Wählen Sie 10, 15, 20, 30 oder 60 Minuten.'],
      'stay_rules.1.minutes': ['Verwenden Sie Schritte von 5 Minuten.'],
    });
    const order = await team.manager.put('/api/tenant/reservation-setup/settings', { ...rules, stay_rules: [{ max_guests: 4, minutes: 90 }, { max_guests: 4, minutes: 120 }] });
    expect(order.json().errors).toEqual({ 'stay_rules.1.max_guests': ['Each rule must be for more guests than the one before.'] });
    expect((await team.staff.get('/api/tenant/reservation-setup')).json().data.settings).toEqual(rules);
  });

  describe('areas and tables', () => {
    let mainId: string;
    let terraceId: string;

    it('creates areas and tables, listed in position order', async () => {
      const main = await team.manager.post('/api/tenant/dining-areas', { name: 'Main room' });
      expect(main.statusCode, main.body).toBe(201);
      expect(main.json().data).toMatchObject({ name: 'Main room', position: 0, tables: [] });
      mainId = main.json().data.id;
      terraceId = (await team.manager.post('/api/tenant/dining-areas', { name: 'Terrace' })).json().data.id;

      for (const [name, max] of [
        ['T2', 4],
        ['T1', 2],
      ] as const) {
        const res = await team.manager.post('/api/tenant/dining-tables', { area_id: mainId, name, min_seats: 1, max_seats: max, joinable: true });
        expect(res.statusCode, res.body).toBe(201);
      }
      const p1 = await team.manager.post('/api/tenant/dining-tables', { area_id: terraceId, name: 'P1', min_seats: 2, max_seats: 2, joinable: false, position: 5 });
      expect(p1.json().data).toMatchObject({ area_id: terraceId, name: 'P1', min_seats: 2, max_seats: 2, joinable: false, active: true, position: 5 });

      const setup = (await team.staff.get('/api/tenant/reservation-setup')).json().data;
      expect(setup.areas.map((a: { name: string; tables: { name: string; position: number }[] }) => [a.name, a.tables.map((tb) => `${tb.name}@${tb.position}`)])).toEqual([
        ['Main room', ['T2@0', 'T1@1']],
        ['Terrace', ['P1@5']],
      ]);
    });

    it('keeps names unique per restaurant regardless of case, with a message per language', async () => {
      const area = await team.manager.post('/api/tenant/dining-areas', { name: 'main ROOM' });
      expect(area.statusCode).toBe(422);
      expect(area.json().errors).toEqual({ name: ['An area with this name already exists.'] });
      const table = await team.manager.post('/api/tenant/dining-tables', { area_id: terraceId, name: 't1', min_seats: 1, max_seats: 2, joinable: false }, { headers: { 'x-language': 'de' } });
      expect(table.json().errors).toEqual({ name: ['Einen Tisch mit diesem Namen gibt es bereits.'] });
      // Another restaurant may use the same names.
      expect((await team.otherAdmin.post('/api/tenant/dining-areas', { name: 'Main room' })).statusCode).toBe(201);
      // Renaming a row to its own name (other case) is fine.
      expect((await team.manager.patch(`/api/tenant/dining-areas/${mainId}`, { name: 'MAIN ROOM' })).json().data.name).toBe('MAIN ROOM');
    });

    it('checks seats and the area, and edits a table (moving it, switching it off)', async () => {
      const seats = await team.manager.post('/api/tenant/dining-tables', { area_id: mainId, name: 'T9', min_seats: 4, max_seats: 2, joinable: false });
      expect(seats.json().errors).toEqual({ max_seats: ['Must be at least the minimum number of seats.'] });
      const foreignArea = (await team.otherAdmin.post('/api/tenant/dining-areas', { name: 'Elsewhere' })).json().data.id;
      const stranger = await team.manager.post('/api/tenant/dining-tables', { area_id: foreignArea, name: 'T9', min_seats: 1, max_seats: 2, joinable: false });
      expect(stranger.statusCode).toBe(422);
      expect(stranger.json().errors).toEqual({ area_id: ['Choose one of your dining areas.'] });

      const [t1] = await t.db.select().from(diningTables).where(and(eq(diningTables.tenantId, team.r.tenantId), eq(diningTables.name, 'T1')));
      const moved = await team.manager.patch(`/api/tenant/dining-tables/${t1!.id}`, { area_id: terraceId, name: 'T1', min_seats: 1, max_seats: 3, joinable: false, active: false });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({ area_id: terraceId, max_seats: 3, active: false });
      expect((await team.manager.patch(`/api/tenant/dining-tables/${t1!.id}`, { area_id: foreignArea, name: 'T1', min_seats: 1, max_seats: 3, joinable: false })).statusCode).toBe(422);
      expect((await team.manager.patch(`/api/tenant/dining-tables/${unknownId()}`, { area_id: terraceId, name: 'Tx', min_seats: 1, max_seats: 3, joinable: false })).statusCode).toBe(404);
    });

    it("answers 404 for another restaurant's areas and tables and changes nothing there", async () => {
      const theirArea = (await team.otherAdmin.get('/api/tenant/reservation-setup')).json().data.areas[0];
      const theirTable = (await team.otherAdmin.post('/api/tenant/dining-tables', { area_id: theirArea.id, name: 'B1', min_seats: 1, max_seats: 4, joinable: false })).json().data;
      const before = (await team.otherAdmin.get('/api/tenant/reservation-setup')).json().data;
      expect((await team.admin.patch(`/api/tenant/dining-areas/${theirArea.id}`, { name: 'Taken over' })).statusCode).toBe(404);
      expect((await team.admin.delete(`/api/tenant/dining-areas/${theirArea.id}`)).statusCode).toBe(404);
      expect((await team.admin.patch(`/api/tenant/dining-tables/${theirTable.id}`, { area_id: terraceId, name: 'B1', min_seats: 1, max_seats: 4, joinable: false })).statusCode).toBe(404);
      expect((await team.admin.delete(`/api/tenant/dining-tables/${theirTable.id}`)).statusCode).toBe(404);
      expect((await team.otherAdmin.get('/api/tenant/reservation-setup')).json().data).toEqual(before);
    });

    it('refuses to delete tables with upcoming bookings or with history, and deletes unused ones', async () => {
      const table = (name: string) => t.db.select().from(diningTables).where(and(eq(diningTables.tenantId, team.r.tenantId), eq(diningTables.name, name)));
      const [t2] = await table('T2');
      const booking = await bookAt(t2!.id, dayFromToday(3));
      const upcoming = await team.manager.delete(`/api/tenant/dining-tables/${t2!.id}`);
      expect(upcoming.statusCode).toBe(409);
      expect(upcoming.json().message).toBe('This table still has 1 upcoming booking. Move it to another table in the day view first; to stop new bookings right away, switch the table off.');
      const area = await team.manager.delete(`/api/tenant/dining-areas/${mainId}`, { headers: { 'x-language': 'de' } });
      expect(area.statusCode).toBe(409);
      expect(area.json().message).toMatch(/^Tische dieses Bereichs haben noch 1 anstehende Reservierung\. Verlegen Sie sie /);

      // Cancelled: no longer upcoming, but it still names the table, so the table stays (switched off instead).
      await t.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, booking));
      const history = await team.manager.delete(`/api/tenant/dining-tables/${t2!.id}`);
      expect(history.statusCode).toBe(409);
      expect(history.json().message).toContain('Switch it off instead');
      expect(await table('T2')).toHaveLength(1);

      const [p1] = await table('P1');
      const gone = await team.manager.delete(`/api/tenant/dining-tables/${p1!.id}`);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await table('P1')).toHaveLength(0);
      // An area whose tables were never booked goes with its tables.
      expect((await team.manager.delete(`/api/tenant/dining-areas/${terraceId}`)).statusCode).toBe(200);
      expect(await table('T1')).toHaveLength(0);
      expect((await team.staff.delete(`/api/tenant/dining-areas/${mainId}`)).statusCode).toBe(403);
    });
  });
});
