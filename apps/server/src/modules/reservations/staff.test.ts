import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate, translate } from '@tavolo/contracts/i18n';
import type { TReservationDay } from '@tavolo/contracts/reservations';
import { DEFAULT_OPENING_HOURS } from '@tavolo/contracts/settings';
import { diningAreas, diningTables, mailOutbox, reservationSettings, reservationTables, reservations, tenantSettings } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';
import type { TOutboxPayload } from '../outbox/outbox.repo.ts';

const msg = (key: string, params?: Record<string, unknown>) => translate('en', key, params);

/** 2030-05-10 is a Friday; Mondays are closed in this restaurant. */
const DAY = '2030-05-10';
const MONDAY = '2030-05-13';

describeEachDb('staff reservations', (kind) => {
  /** The app's clock: the real one unless a test sets it. */
  let clock: Date | undefined;
  const t = useTestApp(kind, { now: () => clock ?? new Date() });
  let team: TestTeam;
  /** Table ids by name. */
  const tables: Record<string, string> = {};
  const area: Record<string, string> = {};
  let foreignReservation: string;
  let foreignTable: string;

  const addArea = async (tenantId: string, name: string, position: number) => {
    const [row] = await t.db.insert(diningAreas).values({ tenantId, name, position }).returning({ id: diningAreas.id });
    return row!.id;
  };
  const addTable = async (tenantId: string, areaId: string, name: string, position: number, seats: { min?: number; max: number; joinable?: boolean; active?: boolean }) => {
    const [row] = await t.db
      .insert(diningTables)
      .values({ tenantId, areaId, name, position, minSeats: seats.min ?? 1, maxSeats: seats.max, joinable: seats.joinable ?? false, active: seats.active ?? true })
      .returning({ id: diningTables.id });
    return row!.id;
  };
  const addReservation = async (tenantId: string, values: Partial<typeof reservations.$inferInsert>, tableIds: string[] = []) => {
    const [row] = await t.db
      .insert(reservations)
      .values({ tenantId, fullName: 'Walter Walk', phoneNumber: '+49 30 1111111', email: 'walter@example.com', date: DAY, time: '12:00', guests: 2, message: '', ...values })
      .returning({ id: reservations.id });
    if (tableIds.length) await t.db.insert(reservationTables).values(tableIds.map((tableId) => ({ tenantId, reservationId: row!.id, tableId })));
    return row!.id;
  };
  const booking = (overrides: Record<string, unknown> = {}) => ({ full_name: 'Petra Phone', phone_number: '+49 30 9999999', guests: 2, date: DAY, time: '18:00', ...overrides });
  const tablesOf = async (id: string) =>
    (await t.db.select({ id: reservationTables.tableId }).from(reservationTables).where(eq(reservationTables.reservationId, id))).map((r) => r.id).sort();
  const rowOf = async (id: string) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const outboxTo = (to: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, team.r.tenantId), eq(mailOutbox.toAddress, to)));
  const countOf = async (tenantId: string) => (await t.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.tenantId, tenantId))).length;

  beforeAll(async () => {
    team = await t.registerTeam('stf');
    const tid = team.r.tenantId;
    await t.db
      .update(tenantSettings)
      .set({ openingHours: DEFAULT_OPENING_HOURS.map((d) => (d.day === 1 ? { ...d, closed: true } : d)) })
      .where(eq(tenantSettings.tenantId, tid));
    // Created out of order: the day view sorts by position.
    area.terrace = await addArea(tid, 'Terrace', 1);
    area.main = await addArea(tid, 'Main room', 0);
    tables.P1 = await addTable(tid, area.terrace, 'P1', 0, { max: 4 });
    tables.T1 = await addTable(tid, area.main, 'T1', 0, { max: 2, joinable: true });
    tables.T2 = await addTable(tid, area.main, 'T2', 1, { max: 2, joinable: true });
    tables.T3 = await addTable(tid, area.main, 'T3', 2, { max: 4, joinable: true });
    tables.T6 = await addTable(tid, area.main, 'T6', 3, { min: 3, max: 6 });
    tables.T9 = await addTable(tid, area.main, 'T9', 4, { max: 4, active: false });

    const oid = team.other.tenantId;
    const otherArea = await addArea(oid, 'Other room', 0);
    foreignTable = await addTable(oid, otherArea, 'X1', 0, { max: 8 });
    foreignReservation = await addReservation(oid, { fullName: 'Other Guest', status: 'confirmed' }, [foreignTable]);
  });

  describe('day view', () => {
    it('has the hours, the areas with every table, and every booking of the date with its tables and minutes', async () => {
      const tid = team.r.tenantId;
      const lunch = await addReservation(tid, { fullName: 'Lena Lunch', time: '12:30', guests: 7, durationMinutes: 150, status: 'confirmed' }, [tables.T3!, tables.T1!, tables.T2!]);
      const gone = await addReservation(tid, { fullName: 'Carl Cancelled', time: '11:00', status: 'cancelled' }, [tables.P1!]);
      await addReservation(tid, { fullName: 'Next Day', date: '2030-05-11' });

      const res = await team.staff.get('/api/tenant/reservations/day', { query: { date: DAY } });
      expect(res.statusCode).toBe(200);
      const day: TReservationDay = res.json().data;
      expect(day).toMatchObject({ date: DAY, hours: { day: 5, closed: false, open: '09:00', close: '22:00' }, slot_interval_minutes: 15 });
      expect(day.areas.map((a) => [a.name, a.tables.map((x) => x.name)])).toEqual([
        ['Main room', ['T1', 'T2', 'T3', 'T6', 'T9']],
        ['Terrace', ['P1']],
      ]);
      expect(day.areas[0]!.tables[4]).toMatchObject({ id: tables.T9, area_id: area.main, active: false, min_seats: 1, max_seats: 4, joinable: false, position: 4 });
      expect(day.areas[0]!.tables[3]).toMatchObject({ name: 'T6', min_seats: 3, max_seats: 6, active: true });
      // By start time; the cancelled booking is listed (it no longer holds its table, the view shows it released).
      expect(day.bookings.map((b) => b.full_name)).toEqual(['Carl Cancelled', 'Lena Lunch']);
      expect(day.bookings[1]).toEqual({
        id: lunch,
        date: '2030-05-10',
        full_name: 'Lena Lunch',
        phone: '+49 30 1111111',
        email: 'walter@example.com',
        guests: 7,
        time: '12:30',
        end_time: '15:00',
        start_minutes: 750,
        end_minutes: 900,
        duration_minutes: 150,
        status: 'confirmed',
        source: 'online',
        table_ids: [tables.T1, tables.T2, tables.T3],
        message: '',
      });
      expect(day.bookings[0]).toMatchObject({ id: gone, status: 'cancelled', table_ids: [tables.P1] });

      const monday = (await team.staff.get('/api/tenant/reservations/day', { query: { date: MONDAY } })).json().data;
      expect(monday).toMatchObject({ hours: { day: 1, closed: true }, bookings: [] });
      const bad = await team.staff.get('/api/tenant/reservations/day', { query: { date: '2030-02-30' } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ date: [msg('requests.validation.date')] });
      // Not mistaken for a reservation id.
      expect((await team.staff.get('/api/tenant/reservations/day')).statusCode).toBe(422);
    });

    it('uses the reservation hours when they are set apart from the opening hours; another restaurant’s tables and bookings never show', async () => {
      const evenings = DEFAULT_OPENING_HOURS.map((d) => ({ ...d, open: '17:00', close: '23:00' }));
      await t.db.insert(reservationSettings).values({ tenantId: team.other.tenantId, hours: evenings });
      const res = await team.otherAdmin.get('/api/tenant/reservations/day', { query: { date: DAY } });
      const day: TReservationDay = res.json().data;
      expect(day.hours).toEqual({ day: 5, closed: false, open: '17:00', close: '23:00' });
      expect(day.areas.map((a) => a.name)).toEqual(['Other room']);
      expect(day.bookings.map((b) => b.id)).toEqual([foreignReservation]);
      const lunch = await team.otherAdmin.post('/api/tenant/reservations', booking({ time: '12:00' }));
      expect(lunch.json().errors).toEqual({ time: [msg('reservations.staff.validation.outside_hours', { open: '17:00', close: '23:00' })] });
    });
  });

  describe('phone bookings', () => {
    it('picks the smallest free table, confirms at once, and answers with the detail', async () => {
      const res = await team.manager.post('/api/tenant/reservations', booking({ message: 'High chair' }));
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(res.json().message).toBe(msg('reservations.staff.messages.booked', { name: 'Petra Phone', date: formatCalendarDate('en', DAY), time: '18:00' }));
      expect(data).toMatchObject({
        kind: 'reservation',
        name: 'Petra Phone',
        email: '',
        status: 'confirmed',
        source: 'staff',
        guests: 2,
        duration_minutes: 90,
        message: 'High chair',
        language: 'de',
        tables: [{ id: tables.T1, name: 'T1' }],
        replies: [],
      });
      const row = await rowOf(data.id);
      expect(row.manageTokenHash).toMatch(/^[0-9a-f]{64}$/);
      // No address, no mail.
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, team.r.tenantId))).toHaveLength(0);
    });

    it('joins tables of one area for a big party, and honours the tables staff chose', async () => {
      const big = await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Big Party', guests: 8, time: '19:30' }));
      expect(big.statusCode).toBe(201);
      expect(big.json().data.tables.map((x: { name: string }) => x.name)).toEqual(['T1', 'T2', 'T3']);
      expect(big.json().data.duration_minutes).toBe(150);

      // A couple squeezed onto the big table, for a set stay.
      const chosen = await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Chosen Table', time: '19:30', table_ids: [tables.T6], duration_minutes: 60 }));
      expect(chosen.statusCode).toBe(201);
      expect(chosen.json().data).toMatchObject({ tables: [{ id: tables.T6, name: 'T6' }], duration_minutes: 60 });
      expect(await tablesOf(chosen.json().data.id)).toEqual([tables.T6]);
    });

    it('refuses a chosen table that is taken (409) and writes nothing', async () => {
      const before = await countOf(team.r.tenantId);
      const res = await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Too Late', time: '20:00', table_ids: [tables.T2] }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: msg('reservations.errors.tables_taken'), errors: { table_ids: [msg('reservations.errors.tables_taken')] } });
      // No table left for 8 at 19:30 either.
      const full = await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Second Party', guests: 8, time: '19:30' }));
      expect(full.statusCode).toBe(409);
      expect(full.json().errors).toEqual({ time: [msg('reservations.errors.no_table', { guests: 8, time: '19:30' })] });
      // A party no table could ever seat is told so, not sent to look for another time.
      const huge = await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Wedding', guests: 50, time: '12:00' }));
      expect(huge.statusCode).toBe(409);
      expect(huge.json().errors).toEqual({ guests: [msg('reservations.errors.party_too_large', { guests: 50 })] });
      expect(await countOf(team.r.tenantId)).toBe(before);
    });

    it('keeps to the day’s hours but allows the past and parties above the online limit', async () => {
      const closed = await team.manager.post('/api/tenant/reservations', booking({ date: MONDAY }));
      expect(closed.json().errors).toEqual({ date: [msg('reservations.staff.validation.closed_day')] });
      const early = await team.manager.post('/api/tenant/reservations', booking({ time: '08:45' }));
      expect(early.statusCode).toBe(422);
      expect(early.json().errors).toEqual({ time: [msg('reservations.staff.validation.outside_hours', { open: '09:00', close: '22:00' })] });
      const late = await team.manager.post('/api/tenant/reservations', booking({ time: '21:00' }));
      expect(late.json().errors).toEqual({ time: [msg('reservations.staff.validation.after_close', { minutes: 90, time: '21:00', close: '22:00' })] });
      // A shorter stay fits before closing.
      expect((await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Last Orders', time: '21:00', duration_minutes: 60 }))).statusCode).toBe(201);
      // A walk-in recorded afterwards.
      const past = await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Walk In', date: '2020-01-03', time: '13:00', guests: 12, table_ids: [tables.T6, tables.T3] }));
      expect(past.statusCode).toBe(201);
      expect(past.json().data.tables.map((x: { name: string }) => x.name)).toEqual(['T3', 'T6']);

      const invalid = await team.manager.post('/api/tenant/reservations', { full_name: '', phone_number: 'call me', email: 'nope', guests: 0, date: DAY, time: '25:00', duration_minutes: 17 });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors).sort()).toEqual(['duration_minutes', 'email', 'full_name', 'guests', 'phone_number', 'time']);
      expect(invalid.json().errors.duration_minutes).toEqual([msg('reservations.validation.minutes_step')]);
    });

    it('mails a guest with an address the booking and the view/cancel link, in the restaurant’s language', async () => {
      const res = await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Erna Email', email: 'Erna@Example.com', time: '13:00', guests: 4 }));
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ email: 'erna@example.com', tables: [{ name: 'P1' }], reply_count: 1 });
      // The thread shows what the guest was told, without the link's token.
      expect(data.replies).toEqual([expect.objectContaining({ to: 'erna@example.com', subject: `Ihre Reservierung bei ${team.r.name}` })]);
      expect(data.replies[0].body).not.toContain('#token=');

      const [queued] = await outboxTo('erna@example.com');
      expect(queued).toMatchObject({ language: 'de' });
      const payload = queued!.payload as unknown as TOutboxPayload;
      expect(payload.subjectKey).toBe('reservations.staff.mail.booked_subject');
      const url = payload.action!.url;
      expect(url).toMatch(/^http:\/\/stf-main\.localhost(:\d+)?\/reservation\/manage#token=[A-Za-z0-9_-]{43}$/);
      expect((await rowOf(data.id)).manageTokenHash).toBe(hashToken(url.split('#token=')[1]!));
      await t.app.outbox.drain();
      const mail = t.mailer.sent.find((m) => m.to === 'erna@example.com')!;
      expect(mail.text).toContain('13:00');
      expect(mail.html).toContain(url);
    });

    it('of two bookings racing for the last table, one wins and the other gets a 409', async () => {
      const race = () => team.manager.post('/api/tenant/reservations', booking({ full_name: 'Racer', date: '2030-05-17', time: '20:00', table_ids: [tables.P1] }));
      const results = await Promise.all([race(), race()]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const held = await t.db.select().from(reservationTables).where(eq(reservationTables.tableId, tables.P1!));
      const racers = await t.db.select().from(reservations).where(and(eq(reservations.fullName, 'Racer'), eq(reservations.tenantId, team.r.tenantId)));
      expect(racers).toHaveLength(1);
      expect(held.filter((h) => h.reservationId === racers[0]!.id)).toHaveLength(1);
    });

    it('a restaurant without tables takes bookings without a capacity check', async () => {
      const fresh = await t.registerTeam('stf-bare');
      for (let i = 0; i < 2; i++) {
        const res = await fresh.manager.post('/api/tenant/reservations', booking({ guests: 30 }));
        expect(res.statusCode).toBe(201);
        expect(res.json().data.tables).toEqual([]);
      }
    });
  });

  describe('moves', () => {
    let moving: string;
    beforeAll(async () => {
      moving = await addReservation(team.r.tenantId, { fullName: 'Mona Move', email: 'mona@example.com', date: '2030-05-22', time: '18:00', guests: 2, durationMinutes: 90, status: 'pending', language: 'en' }, [tables.T1!]);
      await addReservation(team.r.tenantId, { fullName: 'Holding T2', date: '2030-05-22', time: '19:00', guests: 2, durationMinutes: 90, status: 'confirmed' }, [tables.T2!]);
    });

    it('moves to another free table without a mail; onto a held table is 409 and changes nothing', async () => {
      const res = await team.manager.patch(`/api/tenant/reservations/${moving}/placement`, { date: '2030-05-22', time: '18:00', table_ids: [tables.P1] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: msg('reservations.staff.messages.moved'), data: { status: 'pending', tables: [{ id: tables.P1, name: 'P1' }] } });
      expect(await outboxTo('mona@example.com')).toHaveLength(0);

      // T2 is held from 19:00; a stay from 18:00 overlaps it.
      const taken = await team.manager.patch(`/api/tenant/reservations/${moving}/placement`, { date: '2030-05-22', time: '18:00', table_ids: [tables.T2] });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual({ table_ids: [msg('reservations.errors.tables_taken')] });
      expect(await tablesOf(moving)).toEqual([tables.P1]);
      // Its own tables never conflict with itself: moving it by half an hour on P1 is fine.
      expect((await team.manager.patch(`/api/tenant/reservations/${moving}/placement`, { date: '2030-05-22', time: '18:00', table_ids: [tables.P1], duration_minutes: 120 })).statusCode).toBe(200);
    });

    it('moves to another time, picks tables again when none are given, and mails the guest the change with the link', async () => {
      const res = await team.manager.patch(`/api/tenant/reservations/${moving}/placement`, { date: '2030-05-23', time: '20:00', guests: 4 });
      expect(res.statusCode).toBe(200);
      // A new party size gets its rule's stay when none is given.
      expect(res.json().data).toMatchObject({ date: '2030-05-23', time: '20:00', guests: 4, duration_minutes: 120, tables: [{ name: 'T3' }] });
      const row = await rowOf(moving);
      expect(row).toMatchObject({ date: '2030-05-23', time: '20:00', guests: 4, durationMinutes: 120 });
      const queued = await outboxTo('mona@example.com');
      expect(queued).toHaveLength(1);
      const payload = queued[0]!.payload as unknown as TOutboxPayload;
      expect(payload.subjectKey).toBe('reservations.staff.mail.moved_subject');
      expect(payload.rows).toContainEqual({ labelKey: 'mail.requests.label_time', value: '20:00' });
      // A row from before the links gets its hash now, so the link works.
      expect(row.manageTokenHash).toBe(hashToken(payload.action!.url.split('#token=')[1]!));
      await t.app.outbox.drain();
      expect(t.mailer.sent.find((m) => m.to === 'mona@example.com')!.subject).toBe(`Your reservation at ${team.r.name} has changed`);

      const closed = await team.manager.patch(`/api/tenant/reservations/${moving}/placement`, { date: MONDAY, time: '20:00' });
      expect(closed.json().errors).toEqual({ date: [msg('reservations.staff.validation.closed_day')] });
    });

    it('a booking that no longer holds its tables cannot be moved', async () => {
      const done = await addReservation(team.r.tenantId, { fullName: 'Done Dinner', date: '2030-05-22', status: 'completed' }, [tables.T6!]);
      const res = await team.manager.patch(`/api/tenant/reservations/${done}/placement`, { date: '2030-05-22', time: '19:00' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(msg('reservations.staff.errors.not_movable', { status: 'completed' }));
      expect(await rowOf(done)).toMatchObject({ time: '12:00', status: 'completed' });
    });
  });

  describe('status steps', () => {
    it('seats a confirmed party and completes it on its day, recording when it sat down; not before its day', async () => {
      const id = (await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Sam Seated', date: '2030-05-24' }))).json().data.id;
      // Days ahead, a slip would close the booking for good and free its table.
      for (const status of ['seated', 'completed'] as const) {
        const early = await team.manager.patch(`/api/tenant/reservations/${id}/status`, { status });
        expect(early.statusCode).toBe(409);
        expect(early.json().message).toBe(msg('inbox.errors.visit_early'));
      }
      expect((await rowOf(id)).status).toBe('confirmed');
      clock = new Date('2030-05-24T12:00:00Z');
      const seated = await team.manager.patch(`/api/tenant/reservations/${id}/status`, { status: 'seated' });
      expect(seated.statusCode).toBe(200);
      expect(seated.json().data.status).toBe('seated');
      expect((await rowOf(id)).seatedAt).toBeInstanceOf(Date);
      // Seated still holds the table and may be moved (e.g. to a bigger table).
      expect((await team.manager.patch(`/api/tenant/reservations/${id}/placement`, { date: '2030-05-24', time: '18:00', table_ids: [tables.T6] })).statusCode).toBe(200);
      expect((await team.manager.patch(`/api/tenant/reservations/${id}/status`, { status: 'no_show' })).statusCode).toBe(409);
      expect((await team.manager.patch(`/api/tenant/reservations/${id}/status`, { status: 'completed' })).json().data.status).toBe('completed');
      // Completed releases the table: another party can sit there now.
      expect((await team.manager.post('/api/tenant/reservations', booking({ date: '2030-05-24', table_ids: [tables.T6] }))).statusCode).toBe(201);
      clock = undefined;
    });

    it('cancels a pending booking with a reason and records when; a confirmation carries the view/cancel link', async () => {
      const pending = await addReservation(team.r.tenantId, { fullName: 'Paula Pending', email: 'paula@example.com', date: '2030-05-25', status: 'pending' }, [tables.T1!]);
      const res = await team.manager.patch(`/api/tenant/reservations/${pending}/status`, { status: 'cancelled', reason: 'Private event' });
      expect(res.statusCode).toBe(200);
      expect((await rowOf(pending)).cancelledAt).toBeInstanceOf(Date);
      const [cancelMail] = await outboxTo('paula@example.com');
      expect((cancelMail!.payload as unknown as TOutboxPayload).action).toBeUndefined();

      const other = await addReservation(team.r.tenantId, { fullName: 'Otto Ok', email: 'otto@example.com', date: '2030-05-25', status: 'pending' });
      expect((await team.manager.patch(`/api/tenant/reservations/${other}/status`, { status: 'confirmed' })).statusCode).toBe(200);
      const [confirmMail] = await outboxTo('otto@example.com');
      const payload = confirmMail!.payload as unknown as TOutboxPayload;
      expect(payload.action).toMatchObject({ labelKey: 'reservations.mail.manage_action' });
      expect((await rowOf(other)).manageTokenHash).toBe(hashToken(payload.action!.url.split('#token=')[1]!));
    });
  });

  describe('reservation list', () => {
    it('lists each reservation with its tables in order', async () => {
      const res = await team.staff.get('/api/tenant/reservations', { query: { search: 'Lena Lunch' } });
      expect(res.json().data.data).toEqual([expect.objectContaining({ name: 'Lena Lunch', tables: ['T1', 'T2', 'T3'].map((name) => ({ id: tables[name], name })) })]);
      const page = (await team.staff.get('/api/tenant/reservations', { query: { per_page: 100 } })).json().data.data as { name: string; tables: unknown[] }[];
      expect(page.find((r) => r.name === 'Next Day')!.tables).toEqual([]);
    });
  });

  describe('permissions and isolation', () => {
    it('staff may look at the day but not book or move', async () => {
      const id = await addReservation(team.r.tenantId, { fullName: 'Staff Try', date: '2030-05-26', status: 'confirmed' });
      expect((await team.staff.post('/api/tenant/reservations', booking())).statusCode).toBe(403);
      expect((await team.staff.patch(`/api/tenant/reservations/${id}/placement`, { date: '2030-05-26', time: '19:00' })).statusCode).toBe(403);
      expect(await rowOf(id)).toMatchObject({ time: '12:00' });
    });

    it('another restaurant’s reservation is 404, its tables are unknown here (422), and nothing of it changes', async () => {
      const before = await rowOf(foreignReservation);
      const move = await team.admin.patch(`/api/tenant/reservations/${foreignReservation}/placement`, { date: '2030-05-29', time: '19:00' });
      expect(move.statusCode).toBe(404);
      expect((await team.admin.patch(`/api/tenant/reservations/${unknownId()}/placement`, { date: '2030-05-29', time: '19:00' })).statusCode).toBe(404);
      const count = await countOf(team.r.tenantId);
      const onForeign = await team.admin.post('/api/tenant/reservations', booking({ date: '2030-05-29', table_ids: [foreignTable] }));
      expect(onForeign.statusCode).toBe(422);
      expect(onForeign.json().errors).toEqual({ table_ids: [msg('reservations.validation.table_unknown')] });
      const own = await addReservation(team.r.tenantId, { fullName: 'Own Guest', date: '2030-05-29', status: 'confirmed' }, [tables.T1!]);
      expect((await team.admin.patch(`/api/tenant/reservations/${own}/placement`, { date: '2030-05-29', time: '19:00', table_ids: [foreignTable] })).statusCode).toBe(422);
      expect(await tablesOf(own)).toEqual([tables.T1]);
      expect(await countOf(team.r.tenantId)).toBe(count + 1);
      expect(await rowOf(foreignReservation)).toEqual(before);
      expect(await tablesOf(foreignReservation)).toEqual([foreignTable]);
    });
  });

  it('tells open dashboards after a booking and a move', async () => {
    const heard: string[][] = [];
    const stop = t.app.live.subscribe(team.r.tenantId, (event) => heard.push([...event.topics]));
    const id = (await team.manager.post('/api/tenant/reservations', booking({ date: '2030-05-28' }))).json().data.id;
    await team.manager.patch(`/api/tenant/reservations/${id}/placement`, { date: '2030-05-28', time: '19:00' });
    stop();
    expect(heard).toEqual([['reservations'], ['reservations']]);
  });
  it('shows and books the first and the last day a date can name (its neighbours outside the calendar), with nights past midnight', async () => {
    const tid = team.r.tenantId;
    const nights = DEFAULT_OPENING_HOURS.map((d) => ({ ...d, closed: false, open: '18:00', close: '02:00' }));
    await t.db.update(tenantSettings).set({ openingHours: nights }).where(eq(tenantSettings.tenantId, tid));
    try {
      for (const date of ['0001-01-01', '9999-12-31']) {
        const day = await team.manager.get('/api/tenant/reservations/day', { query: { date } });
        expect(day.statusCode, day.body).toBe(200);
        expect((day.json().data as TReservationDay).bookings).toEqual([]);
        // A booking taken there checks its tables against the neighbouring dates, which there are none of.
        const taken = await team.manager.post('/api/tenant/reservations', booking({ date, time: '23:00', duration_minutes: 120 }));
        expect(taken.statusCode, taken.body).toBe(201);
      }
    } finally {
      await t.db.update(tenantSettings).set({ openingHours: DEFAULT_OPENING_HOURS.map((d) => (d.day === 1 ? { ...d, closed: true } : d)) }).where(eq(tenantSettings.tenantId, tid));
    }
  });
  it('hours past midnight (#3): Friday 18:00–02:00 takes a late stay into Saturday and Saturday’s tail, not beyond 02:00', async () => {
    const tid = team.r.tenantId;
    // Saturday itself closed: only Friday's tail is open on it.
    const night = DEFAULT_OPENING_HOURS.map((d) => (d.day === 1 || d.day === 6 ? { ...d, closed: true } : d.day === 5 ? { ...d, open: '18:00', close: '02:00' } : d));
    await t.db.update(tenantSettings).set({ openingHours: night }).where(eq(tenantSettings.tenantId, tid));
    try {
      const FRIDAY = '2030-06-07';
      const SATURDAY = '2030-06-08';
      expect((await team.manager.post('/api/tenant/reservations', booking({ full_name: 'Late Friday', date: FRIDAY, time: '23:30', duration_minutes: 120 }))).statusCode).toBe(201);
      const tail = await team.manager.post('/api/tenant/reservations', booking({ full_name: 'After Midnight', date: SATURDAY, time: '00:30', duration_minutes: 60 }));
      expect(tail.statusCode, tail.body).toBe(201);
      const over = await team.manager.post('/api/tenant/reservations', booking({ date: SATURDAY, time: '01:30', duration_minutes: 60 }));
      expect(over.json().errors).toEqual({ time: [msg('reservations.staff.validation.after_close', { minutes: 60, time: '01:30', close: '02:00' })] });
      const between = await team.manager.post('/api/tenant/reservations', booking({ date: SATURDAY, time: '03:00' }));
      expect(between.json().errors).toEqual({ time: [msg('reservations.staff.validation.outside_hours', { open: '00:00', close: '02:00' })] });
      // Friday 01:00 is Thursday night, and Thursday closed at 22:00.
      const early = await team.manager.post('/api/tenant/reservations', booking({ date: FRIDAY, time: '01:00' }));
      expect(early.json().errors).toEqual({ time: [msg('reservations.staff.validation.outside_hours', { open: '18:00', close: '02:00' })] });
      const day = (await team.manager.get('/api/tenant/reservations/day', { query: { date: FRIDAY } })).json().data as TReservationDay;
      expect(day.hours).toMatchObject({ open: '18:00', close: '02:00', closed: false });
      // Friday night's view goes on after midnight: Saturday's booking before 02:00 is on it, past minute 1440.
      expect(day.bookings.map((b) => [b.full_name, b.date, b.time, b.start_minutes, b.end_minutes, b.end_time])).toEqual([
        ['Late Friday', FRIDAY, '23:30', 1410, 1530, '01:30'],
        ['After Midnight', SATURDAY, '00:30', 1470, 1530, '01:30'],
      ]);
      // Saturday's view shows the tail's hours, not "closed", with its booking after midnight, and Friday's late stay
      // that still holds its table until 01:30, from before its first minute.
      const saturday = (await team.manager.get('/api/tenant/reservations/day', { query: { date: SATURDAY } })).json().data as TReservationDay;
      expect(saturday.hours).toEqual({ day: 6, open: '00:00', close: '02:00', closed: false });
      expect(saturday.bookings.map((b) => [b.full_name, b.date, b.time, b.start_minutes, b.end_minutes])).toEqual([
        ['Late Friday', FRIDAY, '23:30', -30, 90],
        ['After Midnight', SATURDAY, '00:30', 30, 90],
      ]);
      // A night closed before midnight has no early hours of the next date.
      const thursday = (await team.manager.get('/api/tenant/reservations/day', { query: { date: '2030-06-06' } })).json().data as TReservationDay;
      expect(thursday.bookings.some((b) => b.date !== '2030-06-06')).toBe(false);
    } finally {
      await t.db.update(tenantSettings).set({ openingHours: DEFAULT_OPENING_HOURS.map((d) => (d.day === 1 ? { ...d, closed: true } : d)) }).where(eq(tenantSettings.tenantId, tid));
    }
  });
});
