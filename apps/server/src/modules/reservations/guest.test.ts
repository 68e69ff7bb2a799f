import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '@tavolo/contracts/i18n';
import { DEFAULT_RESERVATION_SETTINGS, type TReservationSettings } from '@tavolo/contracts/reservations';
import { DEFAULT_OPENING_HOURS } from '@tavolo/contracts/settings';
import { mailOutbox, notifications, reservationTables, reservations, tenantSettings } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { describeEachDb, useTestApp, type TestClient, type TestTeam } from '../../test/harness.ts';
import { toMinutes } from './availability.ts';
import { createCapacityRepo } from './capacity.repo.ts';

/** Monday 2030-03-04, 11:00 in Berlin (CET, UTC+1). */
const MONDAY_11_BERLIN = new Date('2030-03-04T10:00:00Z');
const TODAY = '2030-03-04';
const TUESDAY = '2030-03-05';
const WEDNESDAY = '2030-03-06';
const SUNDAY = '2030-03-10';

describeEachDb('guest reservations', (kind) => {
  let clock = MONDAY_11_BERLIN;
  const t = useTestApp(kind, { now: () => clock });
  let team: TestTeam;
  const tableIds: Record<string, string> = {};
  const guest = (): TestClient => t.client(team.r.host);

  const RULES: TReservationSettings = { ...DEFAULT_RESERVATION_SETTINGS, slot_interval_minutes: 30, max_days_ahead: 30, max_party_online: 8 };
  const saveRules = async (changes: Partial<TReservationSettings> = {}) => {
    const res = await team.admin.put('/api/tenant/reservation-setup/settings', { ...RULES, ...changes });
    expect(res.statusCode, res.body).toBe(200);
  };
  const booking = (overrides: Record<string, unknown> = {}) => ({
    full_name: 'Greta Guest',
    phone_number: '+49 30 555123',
    email: 'greta@example.com',
    date: TUESDAY,
    time: '19:00',
    guests: 2,
    message: 'Window seat, please',
    ...overrides,
  });
  const availability = async (date: string, guests: number, client = guest()) => {
    const res = await client.get('/api/tenant/public/reservation-availability', { query: { date, guests } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { times: string[]; reason: string | null; duration_minutes: number };
  };
  const tablesOf = async (reservationId: string) =>
    (await t.db.select({ id: reservationTables.tableId }).from(reservationTables).where(eq(reservationTables.reservationId, reservationId)))
      .map((row) => Object.entries(tableIds).find(([, id]) => id === row.id)![0])
      .sort();
  const lastMailTo = async (to: string) => {
    await t.app.outbox.drain();
    return t.mailer.sent.filter((m) => m.to === to).at(-1)!;
  };
  const tokenIn = (text: string) => /\/reservation\/manage#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  beforeAll(async () => {
    team = await t.registerTeam('guestbook');
    // Open 12:00-22:00 every day but Sunday, in Berlin.
    const hours = DEFAULT_OPENING_HOURS.map((d) => ({ ...d, open: '12:00', close: '22:00', closed: d.day === 0 }));
    await t.db.update(tenantSettings).set({ openingHours: hours, timeZone: 'Europe/Berlin' }).where(eq(tenantSettings.tenantId, team.r.tenantId));
    await saveRules();
    const area = async (name: string) => (await team.admin.post('/api/tenant/dining-areas', { name })).json().data.id as string;
    const main = await area('Main room');
    const terrace = await area('Terrace');
    for (const [areaId, name, max, joinable] of [
      [main, 'T1', 2, false],
      [main, 'T2', 4, true],
      [main, 'T3', 4, true],
      [terrace, 'P1', 2, true],
    ] as const) {
      const res = await team.admin.post('/api/tenant/dining-tables', { area_id: areaId, name, min_seats: 1, max_seats: max, joinable });
      tableIds[name] = res.json().data.id;
    }
  });

  describe('availability', () => {
    it('offers every slot whose stay ends by closing, for the party size', async () => {
      const two = await availability(TUESDAY, 2);
      expect(two.duration_minutes).toBe(90);
      expect(two.reason).toBeNull();
      expect(two.times[0]).toBe('12:00');
      expect(two.times.at(-1)).toBe('20:30');
      expect(two.times).toHaveLength(18);
      // Six stay 120 minutes: the last start is 20:00.
      expect((await availability(TUESDAY, 6)).times.at(-1)).toBe('20:00');
    });

    it('honours the lead time today and refuses days it cannot book', async () => {
      // 11:00 now plus 60 minutes: 12:00 is too soon, 12:30 is the first start.
      expect((await availability(TODAY, 2)).times[0]).toBe('12:30');
      expect(await availability('2030-03-03', 2)).toMatchObject({ times: [], reason: 'past' });
      expect(await availability('2030-04-04', 2)).toMatchObject({ times: [], reason: 'too_far' });
      expect(await availability('2030-04-03', 2)).toMatchObject({ reason: null });
      expect(await availability(SUNDAY, 2)).toMatchObject({ times: [], reason: 'closed' });
      expect(await availability(TUESDAY, 9)).toMatchObject({ times: [], reason: 'party_too_large' });
      // Eight fit only on T2 and T3 joined; eleven nowhere, which is said as such (not "no table is free any more").
      await saveRules({ max_party_online: 12 });
      // Eight stay 150 minutes: 12:00 to 19:30.
      expect((await availability(TUESDAY, 8)).times).toHaveLength(16);
      expect(await availability(TUESDAY, 11)).toMatchObject({ times: [], reason: 'no_table_fits' });
      // A lead time past today's last start: nothing today, for want of time, not of tables.
      await saveRules({ max_party_online: 12, lead_time_minutes: 12 * 60 });
      expect(await availability(TODAY, 2)).toMatchObject({ times: [], reason: 'too_soon' });
      expect((await availability(TUESDAY, 2)).reason).toBeNull();
      await saveRules();
    });

    it('a restaurant without tables offers every start within its hours (no capacity check)', async () => {
      const other = t.client(team.other.host);
      const eight = await availability(TUESDAY, 8, other);
      // Default hours 09:00-22:00, 15-minute grid, eight stay 150 minutes.
      expect(eight.times[0]).toBe('09:00');
      expect(eight.times.at(-1)).toBe('19:30');
      expect(eight.times).toHaveLength(43);
    });

    it('checks the query', async () => {
      const res = await guest().get('/api/tenant/public/reservation-availability', { query: { date: '2030-02-30', guests: 0 } });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['date', 'guests']);
    });
  });

  describe('booking', () => {
    it('refuses what the online rules do not allow, per field, writing nothing', async () => {
      const before = await t.rowCounts();
      const errors = async (overrides: Record<string, unknown>, lang = 'en') => (await guest().post('/api/tenant/reservation', booking(overrides), { headers: { 'x-language': lang } })).json().errors;
      expect(await errors({ date: TODAY, time: '12:00' })).toEqual({ time: ['This time is too soon to book online (at least 60 minutes ahead). Choose a later time or call us.'] });
      expect(await errors({ date: SUNDAY })).toEqual({ date: ['The restaurant is closed on this day. Choose another date.'] });
      expect(await errors({ date: '2030-04-04' })).toEqual({ date: ['Online bookings are possible up to Apr 3, 2030. Choose an earlier date or call us.'] });
      expect(await errors({ date: '2030-04-04' }, 'de')).toEqual({ date: ['Online-Reservierungen sind bis zum 03.04.2030 möglich. Wählen Sie ein früheres Datum oder rufen Sie uns an.'] });
      expect(await errors({ guests: 9 })).toEqual({ guests: ['For more than 8 guests please call us at +49 30 1234567 or send us a quote request.'] });
      expect(await errors({ guests: 9 }, 'de')).toEqual({ guests: ['Für mehr als 8 Gäste rufen Sie uns bitte unter +49 30 1234567 an oder senden Sie uns eine Angebotsanfrage.'] });
      expect(await errors({ time: '19:15' })).toEqual({ time: ['Choose one of the offered times (every 30 minutes).'] });
      expect(await errors({ time: '21:00' })).toEqual({ time: ['Choose a start time between 12:00 and 20:30, so that your stay ends by closing time (22:00).'] });
      expect(await t.rowCounts()).toEqual(before);
    });

    it('books the smallest table that fits, pending until staff confirm, with a view/cancel link in the mail', async () => {
      const res = await guest().post('/api/tenant/reservation', booking());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ data: { status: 'pending' }, message: 'Thank you! We have received your reservation request and will confirm it by e-mail shortly.' });
      const [row] = await t.db.select().from(reservations).where(and(eq(reservations.tenantId, team.r.tenantId), eq(reservations.email, 'greta@example.com')));
      expect(row).toMatchObject({ status: 'pending', durationMinutes: 90, source: 'online', date: TUESDAY, time: '19:00' });
      expect(await tablesOf(row!.id)).toEqual(['T1']);

      const mail = await lastMailTo('greta@example.com');
      expect(mail.subject).toBe(`Your reservation request at ${team.r.name}`);
      const token = tokenIn(mail.text)!;
      expect(mail.text).toContain(`http://${team.r.host}/reservation/manage#token=${token}`);
      expect(mail.text).toContain('up to 2 hours before it starts');
      // Only the token's hash is kept.
      expect(row!.manageTokenHash).toBe(hashToken(token));
      const staff = await lastMailTo(team.r.email);
      expect(staff.subject).toContain('Greta Guest');
    });

    it('a table booked inside the cancel cut-off gets a mail that says to call, not a cancel the link would refuse', async () => {
      // 11:00 now, 12:30 is past the hour's notice but inside the 2 hours' cut-off.
      const res = await guest().post('/api/tenant/reservation', booking({ email: 'late@example.com', date: TODAY, time: '12:30' }));
      expect(res.statusCode, res.body).toBe(201);
      const mail = await lastMailTo('late@example.com');
      expect(mail.text).toContain('It is too close to its start to be cancelled online: for a cancellation or any other change please call us at +49 30 1234567.');
      expect(mail.text).not.toContain('up to 2 hours before it starts');
      expect(mail.html).toContain('View reservation');
      expect(mail.html).not.toContain('View or cancel reservation');
      const view = await guest().post('/api/tenant/public/reservation-manage', { token: tokenIn(mail.text) });
      expect(view.json().data).toMatchObject({ can_cancel: false, cancel_until: null });
    });

    it('confirms at once when the restaurant auto-confirms, with its own texts', async () => {
      await saveRules({ auto_confirm: true });
      const res = await guest().post('/api/tenant/reservation', booking({ email: 'auto@example.com', guests: 8, time: '19:00' }), { headers: { 'x-language': 'de' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ data: { status: 'confirmed' }, message: expect.stringContaining('Ihr Tisch ist reserviert') });
      const [row] = await t.db.select().from(reservations).where(eq(reservations.email, 'auto@example.com'));
      expect(row).toMatchObject({ status: 'confirmed', durationMinutes: 150, language: 'de' });
      // Nobody fits eight alone: T2 and T3 of the main room are joined.
      expect(await tablesOf(row!.id)).toEqual(['T2', 'T3']);
      const mail = await lastMailTo('auto@example.com');
      expect(mail.subject).toBe(`Ihr Tisch im ${team.r.name} ist reserviert`);
      expect(tokenIn(mail.text)).toHaveLength(43);
      expect(t.mailer.sent.some((m) => m.to === team.r.email && m.subject === `Neue Reservierung: Greta Guest, ${formatCalendarDate('de', TUESDAY)} 19:00`)).toBe(true);
      await saveRules();
    });

    it('takes booked tables out of the offered times', async () => {
      // T2 and T3 hold eight from 19:00 to 21:00: no four-top is free for a stay overlapping it.
      const four = (await availability(TUESDAY, 4)).times;
      expect(four).toContain('17:00');
      expect(four).not.toContain('17:30');
      expect(four).not.toContain('19:00');
      // Two still fit at 19:00? T1 is taken by Greta, P1 is free.
      expect((await availability(TUESDAY, 2)).times).toContain('19:00');
      await guest().post('/api/tenant/reservation', booking({ email: 'p1@example.com' }));
      expect((await availability(TUESDAY, 2)).times).not.toContain('19:00');
      // Another day is untouched.
      expect((await availability(WEDNESDAY, 4)).times).toContain('19:00');
    });

    it('of thirty guests racing for the last table, exactly one gets it', async () => {
      // On Wednesday at 19:00 only P1 is left for two (T1, T2, T3 held by a staff booking).
      const [held] = await t.db
        .insert(reservations)
        .values({ tenantId: team.r.tenantId, fullName: 'Big Party', phoneNumber: '+49 30 2', email: '', date: WEDNESDAY, time: '18:00', guests: 10, message: '', status: 'confirmed', durationMinutes: 240, source: 'staff' })
        .returning({ id: reservations.id });
      await t.db.insert(reservationTables).values(['T1', 'T2', 'T3'].map((name) => ({ tenantId: team.r.tenantId, reservationId: held!.id, tableId: tableIds[name]! })));

      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => guest().post('/api/tenant/reservation', booking({ date: WEDNESDAY, email: `racer${i}@example.com` }))),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, ...Array(29).fill(409)]);
      for (const lost of answers.filter((a) => a.statusCode === 409)) {
        expect(lost.json()).toMatchObject({ code: 'CONFLICT', message: 'Sorry, there is no free table for 2 at 19:00 any more. Please choose another time.' });
      }
      // No two holding bookings share a table at overlapping times.
      const day = await createCapacityRepo(t.db).held(team.r.tenantId, WEDNESDAY);
      for (const a of day) for (const b of day) if (a.id < b.id && a.start < b.end && b.start < a.end) expect(a.tableIds.filter((id) => b.tableIds.includes(id))).toEqual([]);
      expect(day).toHaveLength(2);
      expect(toMinutes('19:00')).toBe(day.find((b) => b.id !== held!.id)!.start);
    });
  });

  describe('view and cancel by link', () => {
    const tokenFor = async (email: string, overrides: Record<string, unknown> = {}, client = guest()) => {
      const res = await client.post('/api/tenant/reservation', booking({ email, ...overrides }));
      expect(res.statusCode, res.body).toBe(201);
      return tokenIn((await lastMailTo(email)).text)!;
    };

    it('shows the booking and cancels it before the cut-off: tables freed, staff told, guest mailed', async () => {
      const token = await tokenFor('cancel@example.com', { date: '2030-03-07', time: '19:00', guests: 8 });
      const view = await guest().post('/api/tenant/public/reservation-manage', { token });
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json().data).toEqual({
        restaurant: team.r.name,
        full_name: 'Greta Guest',
        date: '2030-03-07',
        time: '19:00',
        guests: 8,
        status: 'pending',
        can_cancel: true,
        // 19:00 in Berlin is 18:00 UTC; two hours before.
        cancel_until: '2030-03-07T16:00:00.000Z',
        phone: '+49 30 1234567',
        time_zone: 'Europe/Berlin',
      });
      // Eight need T2 and T3 joined: nobody else fits eight until it is cancelled.
      expect((await availability('2030-03-07', 8)).times).not.toContain('19:00');

      const cancelled = await guest().post('/api/tenant/public/reservation-manage/cancel', { token });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ message: 'Your reservation has been cancelled. Thank you for letting us know.', data: { status: 'cancelled', can_cancel: false, cancel_until: null } });
      const [row] = await t.db.select().from(reservations).where(eq(reservations.email, 'cancel@example.com'));
      expect(row!.status).toBe('cancelled');
      expect(row!.cancelledAt).toBeInstanceOf(Date);
      expect((await availability('2030-03-07', 8)).times).toContain('19:00');
      const notes = await t.db.select().from(notifications).where(and(eq(notifications.tenantId, team.r.tenantId), eq(notifications.kind, 'reservation_cancelled')));
      expect(notes.map((n) => n.data)).toEqual([{ name: 'Greta Guest', date: '2030-03-07', time: '19:00', guests: 8 }]);
      expect((await lastMailTo('cancel@example.com')).subject).toBe(`Your reservation at ${team.r.name} is cancelled`);
      const bell = await team.staff.get('/api/tenant/notifications');
      expect(bell.json().data.data.map((n: { title: string }) => n.title)).toContain('Reservation cancelled by the guest');

      // A second tap (or a retry after a lost answer) finds it cancelled: the same answer, no second mail or notification.
      const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, team.r.tenantId))).length;
      const again = await guest().post('/api/tenant/public/reservation-manage/cancel', { token });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ data: { status: 'cancelled', can_cancel: false } });
      expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, team.r.tenantId))).length).toBe(mails);
      expect(await t.db.select().from(notifications).where(and(eq(notifications.tenantId, team.r.tenantId), eq(notifications.kind, 'reservation_cancelled')))).toHaveLength(1);
    });

    it('refuses after the cut-off and points to the phone', async () => {
      const token = await tokenFor('late@example.com', { date: TODAY, time: '14:00' });
      // 14:00 in Berlin is 13:00 UTC: the link works until 11:00 UTC.
      clock = new Date('2030-03-04T11:00:00Z');
      try {
        const view = await guest().post('/api/tenant/public/reservation-manage', { token });
        expect(view.json().data).toMatchObject({ status: 'pending', can_cancel: false, cancel_until: null });
        const late = await guest().post('/api/tenant/public/reservation-manage/cancel', { token }, { headers: { 'x-language': 'de' } });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe('Eine Online-Stornierung ist nicht mehr möglich (nur bis 2 Stunden vor Ihrer Reservierung). Bitte rufen Sie das Restaurant unter +49 30 1234567 an.');
        expect((await t.db.select().from(reservations).where(eq(reservations.email, 'late@example.com')))[0]!.status).toBe('pending');
      } finally {
        clock = MONDAY_11_BERLIN;
      }
    });

    it("knows no unknown token, nor another restaurant's, and leaves that one alone", async () => {
      const unknown = await guest().post('/api/tenant/public/reservation-manage', { token: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('This reservation link is not valid. Please use the link from your latest e-mail or contact the restaurant.');
      expect((await guest().post('/api/tenant/public/reservation-manage', { token: 'not a token' })).statusCode).toBe(422);

      const otherGuest = t.client(team.other.host);
      const theirs = await tokenFor('theirs@example.com', { date: '2030-03-08', time: '19:00' }, otherGuest);
      expect((await guest().post('/api/tenant/public/reservation-manage', { token: theirs })).statusCode).toBe(404);
      expect((await guest().post('/api/tenant/public/reservation-manage/cancel', { token: theirs })).statusCode).toBe(404);
      const [row] = await t.db.select().from(reservations).where(eq(reservations.email, 'theirs@example.com'));
      expect(row).toMatchObject({ tenantId: team.other.tenantId, status: 'pending', cancelledAt: null });
      expect((await otherGuest.post('/api/tenant/public/reservation-manage', { token: theirs })).statusCode).toBe(200);
    });

    it('is rate-limited per IP', async () => {
      const spammer = guest();
      for (let i = 0; i < 10; i++) expect((await spammer.post('/api/tenant/public/reservation-manage', { token: `t${i}` })).statusCode).toBe(404);
      expect((await spammer.post('/api/tenant/public/reservation-manage/cancel', { token: 'x' })).statusCode).toBe(404);
      expect((await spammer.post('/api/tenant/public/reservation-manage', { token: 'y' })).statusCode).toBe(429);
    });
  });
  describe('reservation hours past midnight (#3)', () => {
    const FRIDAY = '2030-03-08';
    const SATURDAY = '2030-03-09';
    it('Friday 18:00–02:00: Friday offers starts to midnight, Saturday the tail; a Friday stay into Saturday holds its tables there', async () => {
      const hours = DEFAULT_OPENING_HOURS.map((d) => ({ ...d, open: d.day === 5 ? '18:00' : '12:00', close: d.day === 5 ? '02:00' : '22:00', closed: d.day === 0 || d.day === 6 }));
      await saveRules({ hours });
      try {
        // Two stay 90 minutes: the last Friday start is 23:30 (until 01:00), Saturday (itself closed) 00:00 and 00:30.
        expect((await availability(FRIDAY, 2)).times.slice(-2)).toEqual(['23:00', '23:30']);
        expect(await availability(SATURDAY, 2)).toMatchObject({ times: ['00:00', '00:30'], reason: null });
        // Eight stay 150 minutes, longer than Saturday's two hours: a closed day for them, as the booking says.
        expect(await availability(SATURDAY, 8)).toMatchObject({ times: [], reason: 'closed' });
        // Six (120 minutes) need T2 and T3 joined: booked Friday 23:30, they are held until 01:30 on Saturday.
        expect((await availability(SATURDAY, 6)).times).toEqual(['00:00']);
        const late = await guest().post('/api/tenant/reservation', booking({ email: 'late@example.com', date: FRIDAY, time: '23:30', guests: 6 }));
        expect(late.statusCode, late.body).toBe(201);
        expect(await availability(SATURDAY, 6)).toMatchObject({ times: [], reason: 'fully_booked' });
        // A start on the tail's grid books; one whose stay ends after 02:00 does not.
        const early = await guest().post('/api/tenant/reservation', booking({ email: 'night@example.com', date: SATURDAY, time: '00:30', guests: 2 }));
        expect(early.statusCode, early.body).toBe(201);
        const after = await guest().post('/api/tenant/reservation', booking({ email: 'night@example.com', date: SATURDAY, time: '01:00', guests: 2 }));
        expect(after.json().errors).toEqual({ time: ['Choose a start time between 00:00 and 00:30, so that your stay ends by closing time (02:00).'] });
      } finally {
        await saveRules();
      }
    });
  });
});
