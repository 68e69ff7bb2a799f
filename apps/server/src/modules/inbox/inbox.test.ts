import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '@tavolo/contracts/inbox';
import { translate } from '@tavolo/contracts/i18n';
import { contactRequests, mailOutbox, newsletterSubscribers, quoteRequests, requestReplies, reservations, stockCheckRequests } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';

const msg = (key: string, params?: Record<string, unknown>) => translate('en', key, params);

describe('csvCell', () => {
  it('leaves plain values alone, quotes separators and neutralises formulas', () => {
    expect(csvCell('anna@example.com')).toBe('anna@example.com');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });
});

describeEachDb('staff inbox', (kind) => {
  const t = useTestApp(kind);
  let team: TestTeam;
  const ids: Record<string, string> = {};
  const foreign: Record<string, string> = {};

  const addReservation = async (tenantId: string, values: Partial<typeof reservations.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(reservations)
      .values({ tenantId, fullName: 'Greta Guest', phoneNumber: '+49 30 1111111', email: 'greta@example.com', date: '2030-05-10', time: '19:00', guests: 4, message: 'Window seat', ...values })
      .returning({ id: reservations.id });
    return row!.id;
  };
  const outboxTo = (to: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, team.r.tenantId), eq(mailOutbox.toAddress, to)));
  const statusOf = async (id: string | undefined) => (await t.db.select({ s: reservations.status }).from(reservations).where(eq(reservations.id, id!)))[0]!.s;

  beforeAll(async () => {
    team = await t.registerTeam('inb');
    const tid = team.r.tenantId;
    // Created one after the other, so "newest" has a defined order.
    ids.greta = await addReservation(tid, { createdAt: new Date('2030-01-01T10:00:00Z') });
    ids.hans = await addReservation(tid, { fullName: 'Hans Hungrig', email: 'hans@example.de', phoneNumber: '+49 89 2222222', date: '2030-05-20', language: 'de', createdAt: new Date('2030-01-02T10:00:00Z') });
    ids.ida = await addReservation(tid, { fullName: 'Ida Idle', email: 'ida@example.com', date: '2030-06-01', status: 'declined', createdAt: new Date('2030-01-03T10:00:00Z') });
    const [contact] = await t.db
      .insert(contactRequests)
      .values({ tenantId: tid, name: 'Carla Contact', email: 'carla@example.com', subject: 'Gluten-free?', message: 'Do you have gluten-free pasta?' })
      .returning({ id: contactRequests.id });
    ids.contact = contact!.id;
    const [stock] = await t.db
      .insert(stockCheckRequests)
      .values({ tenantId: tid, fullName: 'Sam Stock', phoneNumber: '+49 30 3333333', email: 'sam@example.com', productId: unknownId(), productName: 'Tiramisu', quantity: 6, availableAtRequest: 2 })
      .returning({ id: stockCheckRequests.id });
    ids.stock = stock!.id;
    const [quote] = await t.db
      .insert(quoteRequests)
      .values({ tenantId: tid, name: 'Quentin Quote', email: 'quentin@example.com', phone: '+49 30 4444444', eventDate: '2030-09-09', guests: 80, budgetCents: 250000, message: 'Summer party' })
      .returning({ id: quoteRequests.id });
    ids.quote = quote!.id;

    const oid = team.other.tenantId;
    foreign.reservation = await addReservation(oid, { fullName: 'Other Guest' });
    const [fc] = await t.db.insert(contactRequests).values({ tenantId: oid, name: 'Other Writer', email: 'o@example.com', subject: 'Hi', message: 'Hi' }).returning({ id: contactRequests.id });
    foreign.contact = fc!.id;
    const [fs] = await t.db
      .insert(newsletterSubscribers)
      .values({ tenantId: oid, email: 'other-reader@example.com', status: 'confirmed', unsubscribeTokenHash: hashToken('other'), confirmedAt: new Date() })
      .returning({ id: newsletterSubscribers.id });
    foreign.subscriber = fs!.id;
  });

  describe('reservations list', () => {
    it('pages, sorts, filters by status and date range, and searches name, phone and e-mail', async () => {
      const all = await team.admin.get('/api/tenant/reservations', { query: { per_page: 2 } });
      expect(all.statusCode).toBe(200);
      expect(all.json().data).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
      expect(all.json().data.data.map((r: { name: string }) => r.name)).toEqual(['Ida Idle', 'Hans Hungrig']);
      const oldest = (await team.admin.get('/api/tenant/reservations', { query: { sort: 'oldest' } })).json().data.data;
      expect(oldest.map((r: { name: string }) => r.name)).toEqual(['Greta Guest', 'Hans Hungrig', 'Ida Idle']);
      expect(oldest[0]).toMatchObject({ kind: 'reservation', status: 'pending', email: 'greta@example.com', phone: '+49 30 1111111', date: '2030-05-10', time: '19:00', guests: 4, reply_count: 0 });

      const names = async (query: Record<string, string>) => (await team.admin.get('/api/tenant/reservations', { query })).json().data.data.map((r: { name: string }) => r.name).sort();
      expect(await names({ status: 'declined' })).toEqual(['Ida Idle']);
      expect(await names({ from: '2030-05-15', to: '2030-05-31' })).toEqual(['Hans Hungrig']);
      expect(await names({ from: '2030-05-20' })).toEqual(['Hans Hungrig', 'Ida Idle']);
      expect(await names({ to: '2030-05-19' })).toEqual(['Greta Guest']);
      expect(await names({ search: 'hungrig' })).toEqual(['Hans Hungrig']);
      expect(await names({ search: '89 222' })).toEqual(['Hans Hungrig']);
      expect(await names({ search: 'ida@example' })).toEqual(['Ida Idle']);
      // The user's % is a character, not a wildcard.
      expect(await names({ search: '%' })).toEqual([]);

      // By visit: a booking made last for the earliest day comes first (staff look for who comes next).
      const early = await addReservation(team.r.tenantId, { fullName: 'Jo Early', date: '2030-05-01', createdAt: new Date('2030-02-01T10:00:00Z') });
      try {
        const sorted = async (sort: string) => (await team.admin.get('/api/tenant/reservations', { query: { sort } })).json().data.data.map((r: { name: string }) => r.name);
        expect(await sorted('visit_soonest')).toEqual(['Jo Early', 'Greta Guest', 'Hans Hungrig', 'Ida Idle']);
        expect(await sorted('visit_latest')).toEqual(['Ida Idle', 'Hans Hungrig', 'Greta Guest', 'Jo Early']);
        expect(await sorted('newest')).toEqual(['Jo Early', 'Ida Idle', 'Hans Hungrig', 'Greta Guest']);
        // Messages and requests have no visit.
        expect((await team.admin.get('/api/tenant/contact-requests', { query: { sort: 'visit_soonest' } })).statusCode).toBe(422);
      } finally {
        await t.db.delete(reservations).where(and(eq(reservations.tenantId, team.r.tenantId), eq(reservations.id, early)));
      }

      const backwards = await team.admin.get('/api/tenant/reservations', { query: { from: '2030-06-01', to: '2030-05-01' } });
      expect(backwards.statusCode).toBe(422);
      expect(backwards.json().errors).toEqual({ to: [msg('inbox.validation.range')] });
      const bad = await team.admin.get('/api/tenant/reservations', { query: { from: '2030-02-30', status: 'lost' } });
      expect(bad.json().errors).toEqual({ from: [msg('requests.validation.date')], status: [msg('validation.invalid_choice')] });
    });

    it('the detail has every field; another restaurant’s id is 404', async () => {
      const res = await team.admin.get(`/api/tenant/reservations/${ids.hans}`);
      expect(res.json().data).toMatchObject({ id: ids.hans, name: 'Hans Hungrig', language: 'de', message: 'Window seat', replies: [] });
      expect((await team.admin.get(`/api/tenant/reservations/${foreign.reservation}`)).statusCode).toBe(404);
      expect((await team.admin.get(`/api/tenant/reservations/${unknownId()}`)).statusCode).toBe(404);
      expect((await team.admin.get('/api/tenant/reservations/not-a-uuid')).statusCode).toBe(422);
    });
  });

  describe('permissions', () => {
    it('staff may list reservations but not change them, and may not see requests or subscribers', async () => {
      expect((await team.staff.get('/api/tenant/reservations')).statusCode).toBe(200);
      expect((await team.staff.get(`/api/tenant/reservations/${ids.greta}`)).statusCode).toBe(200);
      expect((await team.staff.patch(`/api/tenant/reservations/${ids.greta}/status`, { status: 'confirmed' })).statusCode).toBe(403);
      expect((await team.staff.post(`/api/tenant/reservations/${ids.greta}/replies`, { subject: 'Hi', body: 'Hello' })).statusCode).toBe(403);
      for (const path of ['stock-check-reqs', 'quote-requests', 'contact-requests']) {
        expect((await team.staff.get(`/api/tenant/${path}`)).statusCode, path).toBe(403);
        expect((await team.manager.get(`/api/tenant/${path}`)).statusCode, path).toBe(200);
      }
      expect((await team.staff.get(`/api/tenant/contact-requests/${ids.contact}`)).statusCode).toBe(403);
      expect((await team.staff.patch(`/api/tenant/contact-requests/${ids.contact}/status`, { status: 'closed' })).statusCode).toBe(403);
      expect((await team.staff.get('/api/tenant/subscribers')).statusCode).toBe(403);
      // Managers see subscribers; removing and exporting them is for admins.
      expect((await team.manager.get('/api/tenant/subscribers')).statusCode).toBe(200);
      expect((await team.manager.get('/api/tenant/subscribers/export.csv')).statusCode).toBe(403);
      expect((await team.manager.delete(`/api/tenant/subscribers/${unknownId()}`)).statusCode).toBe(403);
      expect(await statusOf(ids.greta)).toBe('pending');
    });
  });

  describe('reservation workflow', () => {
    it('confirms a pending reservation and e-mails the guest in the reservation’s language', async () => {
      const res = await team.manager.patch(`/api/tenant/reservations/${ids.hans}/status`, { status: 'confirmed' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: msg('inbox.messages.status_changed'), data: { status: 'confirmed' } });
      // The mail sent is in the thread, so staff see what the guest was told.
      expect(res.json().data.replies).toEqual([expect.objectContaining({ to: 'hans@example.de', subject: expect.stringContaining('bestätigt') })]);
      // The thread's copy too writes the date as the guest read it, not 2030-05-20.
      expect(res.json().data.replies[0].body).toContain('Datum: 20.05.2030');
      const queued = await outboxTo('hans@example.de');
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ language: 'de', payload: expect.objectContaining({ subjectKey: 'mail.inbox.reservation_confirmed_subject' }) });
      await t.app.outbox.drain();
      const mail = t.mailer.sent.find((m) => m.to === 'hans@example.de')!;
      expect(mail.subject).toBe(`Ihre Reservierung bei ${team.r.name} ist bestätigt`);
      // The date as Germans write it.
      expect(mail.text).toContain('20.05.2030');
    });

    it('refuses illegal steps with 409 and changes nothing', async () => {
      const completed = await team.manager.patch(`/api/tenant/reservations/${ids.greta}/status`, { status: 'completed' });
      expect(completed.statusCode).toBe(409);
      expect(completed.json().message).toBe(msg('inbox.errors.illegal_transition', { from: 'pending', to: 'completed' }));
      const revived = await team.manager.patch(`/api/tenant/reservations/${ids.ida}/status`, { status: 'confirmed' });
      expect(revived.statusCode).toBe(409);
      expect(await statusOf(ids.greta)).toBe('pending');
      expect(await statusOf(ids.ida)).toBe('declined');
      expect(await outboxTo('ida@example.com')).toHaveLength(0);
    });

    it('declining and cancelling need a reason, which the guest reads', async () => {
      const noReason = await team.manager.patch(`/api/tenant/reservations/${ids.greta}/status`, { status: 'declined', reason: '  ' });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().errors).toEqual({ reason: [msg('validation.required')] });
      expect(await statusOf(ids.greta)).toBe('pending');

      const declined = await team.manager.patch(`/api/tenant/reservations/${ids.greta}/status`, { status: 'declined', reason: 'Fully booked <that night>' });
      expect(declined.statusCode).toBe(200);
      await t.app.outbox.drain();
      const mail = t.mailer.sent.find((m) => m.to === 'greta@example.com')!;
      expect(mail.subject).toBe(`Your reservation request at ${team.r.name}`);
      expect(mail.text).toContain('Reason: Fully booked <that night>');
      expect(mail.html).toContain('Fully booked &lt;that night&gt;');

      // Confirmed -> cancelled (with a reason) mails; confirmed -> no-show does not, and only from the booking's time on.
      const other = await addReservation(team.r.tenantId, { fullName: 'Nora Noshow', email: 'nora@example.com' });
      expect((await team.manager.patch(`/api/tenant/reservations/${other}/status`, { status: 'confirmed' })).statusCode).toBe(200);
      const early = await team.manager.patch(`/api/tenant/reservations/${other}/status`, { status: 'no_show' });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('A reservation can be marked as a no-show only once its time has come.');
      expect(await statusOf(other)).toBe('confirmed');
      await t.db.update(reservations).set({ date: '2020-01-01' }).where(eq(reservations.id, other));
      expect((await team.manager.patch(`/api/tenant/reservations/${other}/status`, { status: 'no_show' })).statusCode).toBe(200);
      expect(await outboxTo('nora@example.com')).toHaveLength(1);
      expect((await team.manager.patch(`/api/tenant/reservations/${ids.hans}/status`, { status: 'cancelled' })).statusCode).toBe(422);
      expect((await team.manager.patch(`/api/tenant/reservations/${ids.hans}/status`, { status: 'cancelled', reason: 'Kitchen closed' })).statusCode).toBe(200);
      expect(await outboxTo('hans@example.de')).toHaveLength(2);
      expect(await statusOf(ids.hans)).toBe('cancelled');
    });

    it('another restaurant’s reservation is 404 and stays as it was', async () => {
      expect((await team.admin.patch(`/api/tenant/reservations/${foreign.reservation}/status`, { status: 'confirmed' })).statusCode).toBe(404);
      expect((await team.admin.post(`/api/tenant/reservations/${foreign.reservation}/replies`, { subject: 'Hi', body: 'Hello' })).statusCode).toBe(404);
      expect(await statusOf(foreign.reservation)).toBe('pending');
    });
  });

  describe('requests', () => {
    it('lists each kind with its fields; the count SPEC §7 reads is data.total with per_page=1', async () => {
      const stock = await team.manager.get('/api/tenant/stock-check-reqs', { query: { per_page: 1 } });
      expect(stock.statusCode).toBe(200);
      expect(stock.json().data.total).toBe(1);
      expect(stock.json().data.data[0]).toMatchObject({ kind: 'stock_check', status: 'new', product_name: 'Tiramisu', quantity: 6, was_available: false });
      const quote = (await team.manager.get('/api/tenant/quote-requests')).json().data.data[0];
      expect(quote).toMatchObject({ kind: 'quote', event_date: '2030-09-09', guests: 80, budget_cents: 250000, currency_symbol: '$' });
      const contact = await team.manager.get('/api/tenant/contact-requests', { query: { search: 'gluten', status: 'new' } });
      expect(contact.json().data.data).toEqual([expect.objectContaining({ kind: 'contact', subject: 'Gluten-free?', phone: null })]);
      expect((await team.manager.get('/api/tenant/contact-requests', { query: { status: 'closed' } })).json().data.total).toBe(0);
      expect((await team.manager.get('/api/tenant/contact-requests', { query: { status: 'pending' } })).statusCode).toBe(422);
    });

    it('moves a request between new, answered and closed; another restaurant’s is 404', async () => {
      const closed = await team.manager.patch(`/api/tenant/quote-requests/${ids.quote}/status`, { status: 'closed' });
      expect(closed.statusCode).toBe(200);
      expect(closed.json().data.status).toBe('closed');
      expect((await team.manager.patch(`/api/tenant/quote-requests/${ids.quote}/status`, { status: 'new' })).json().data.status).toBe('new');
      expect((await team.manager.patch(`/api/tenant/quote-requests/${ids.quote}/status`, { status: 'confirmed' })).statusCode).toBe(422);
      expect((await team.admin.patch(`/api/tenant/contact-requests/${foreign.contact}/status`, { status: 'closed' })).statusCode).toBe(404);
      expect((await team.admin.get(`/api/tenant/contact-requests/${foreign.contact}`)).statusCode).toBe(404);
      // A contact id is not a quote id.
      expect((await team.admin.get(`/api/tenant/quote-requests/${ids.contact}`)).statusCode).toBe(404);
    });
  });

  describe('replies', () => {
    it('validates subject and body per field', async () => {
      const res = await team.manager.post(`/api/tenant/contact-requests/${ids.contact}/replies`, { subject: '', body: 'x'.repeat(5001) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ subject: [msg('validation.required')], body: [msg('validation.max_length', { max: 5000 })] });
      const long = await team.manager.post(`/api/tenant/contact-requests/${ids.contact}/replies`, { subject: 's'.repeat(201), body: 'ok' });
      expect(long.json().errors).toEqual({ subject: [msg('validation.max_length', { max: 200 })] });
      expect(await t.db.select().from(requestReplies).where(eq(requestReplies.requestId, ids.contact!))).toHaveLength(0);
    });

    it('stores the reply, mails it escaped through the outbox, and answers a new request', async () => {
      const body = 'Yes, we do!\n<script>alert(1)</script> & more\n\nSee you soon';
      const res = await team.manager.post(`/api/tenant/contact-requests/${ids.contact}/replies`, { subject: 'Re: Gluten-free? <b>', body });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(msg('inbox.messages.reply_sent', { email: 'carla@example.com' }));
      const data = res.json().data;
      expect(data).toMatchObject({ status: 'answered', reply_count: 1 });
      expect(data.replies).toEqual([
        expect.objectContaining({ to: 'carla@example.com', subject: 'Re: Gluten-free? <b>', body, user_name: expect.stringMatching(/\S/), created_at: expect.any(String) }),
      ]);
      const [queued] = await outboxTo('carla@example.com');
      expect(queued).toBeDefined();
      await t.app.outbox.drain();
      const mail = t.mailer.sent.find((m) => m.to === 'carla@example.com')!;
      expect(mail.subject).toBe('Re: Gluten-free? <b>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
      expect(mail.html).not.toContain('<script>');
      // The restaurant's layout around it (its name in the header), and the lines as typed in the text part.
      expect(mail.html).toContain(team.r.name);
      expect(mail.text).toContain('Yes, we do!\n<script>alert(1)</script> & more\n\nSee you soon');

      // A second reply lands at the end of the thread; a closed request stays closed.
      await team.manager.patch(`/api/tenant/contact-requests/${ids.contact}/status`, { status: 'closed' });
      const second = await team.manager.post(`/api/tenant/contact-requests/${ids.contact}/replies`, { subject: 'One more thing', body: 'We also have vegan dishes.' });
      expect(second.json().data.status).toBe('closed');
      expect(second.json().data.replies.map((r: { subject: string }) => r.subject)).toEqual(['Re: Gluten-free? <b>', 'One more thing']);
      expect((await team.manager.get('/api/tenant/contact-requests')).json().data.data[0].reply_count).toBe(2);
    });

    it('answers stock checks, quotes and reservations too (a reservation keeps its status)', async () => {
      for (const [path, id, to] of [
        ['stock-check-reqs', ids.stock, 'sam@example.com'],
        ['quote-requests', ids.quote, 'quentin@example.com'],
      ] as const) {
        const res = await team.admin.post(`/api/tenant/${path}/${id}/replies`, { subject: 'Our answer', body: 'Thank you!' });
        expect(res.statusCode, path).toBe(201);
        expect(res.json().data.status).toBe('answered');
        expect(await outboxTo(to)).toHaveLength(1);
      }
      const pending = await addReservation(team.r.tenantId, { fullName: 'Paul Pending', email: 'paul@example.com' });
      const res = await team.manager.post(`/api/tenant/reservations/${pending}/replies`, { subject: 'About your table', body: 'Would 19:30 work?' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ status: 'pending', reply_count: 1 });
    });
  });

  describe('subscribers', () => {
    beforeAll(async () => {
      const tid = team.r.tenantId;
      const add = (email: string, status: string, confirmedAt: Date | null, language = 'en') =>
        t.db.insert(newsletterSubscribers).values({ tenantId: tid, email, status, language, confirmedAt, unsubscribeTokenHash: hashToken(`u-${email}`) });
      await add('anna@example.com', 'confirmed', new Date('2030-01-05T08:00:00Z'));
      await add('=cmd|calc@example.com', 'confirmed', new Date('2030-01-06T08:00:00Z'), 'de');
      await add('pending@example.com', 'pending', null);
      await add('gone@example.com', 'unsubscribed', null);
    });

    it('lists, filters and searches', async () => {
      const all = (await team.admin.get('/api/tenant/subscribers')).json().data;
      expect(all.total).toBe(4);
      expect((await team.admin.get('/api/tenant/subscribers', { query: { status: 'confirmed' } })).json().data.total).toBe(2);
      const found = (await team.manager.get('/api/tenant/subscribers', { query: { search: 'PENDING' } })).json().data.data;
      expect(found).toEqual([expect.objectContaining({ email: 'pending@example.com', status: 'pending', confirmed_at: null })]);
    });

    it('exports confirmed subscribers as safe CSV', async () => {
      const res = await team.admin.get('/api/tenant/subscribers/export.csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-inb-main-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.body).toBe(
        ['\ufeffemail,language,confirmed_at', `"'=cmd|calc@example.com",de,2030-01-06T08:00:00.000Z`, 'anna@example.com,en,2030-01-05T08:00:00.000Z', ''].join('\r\n'),
      );
      expect(res.body).not.toContain('other-reader@example.com');
    });

    it('removes a subscriber; another restaurant’s is 404', async () => {
      const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'gone@example.com'));
      const res = await team.admin.delete(`/api/tenant/subscribers/${row!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(msg('inbox.messages.subscriber_removed'));
      expect((await team.admin.delete(`/api/tenant/subscribers/${row!.id}`)).statusCode).toBe(404);
      expect((await team.admin.delete(`/api/tenant/subscribers/${foreign.subscriber}`)).statusCode).toBe(404);
      expect(await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, foreign.subscriber!))).toHaveLength(1);
    });
  });

  it('tells open dashboards after a change', async () => {
    const heard: string[][] = [];
    const stop = t.app.live.subscribe(team.r.tenantId, (event) => heard.push([...event.topics]));
    await team.manager.patch(`/api/tenant/stock-check-reqs/${ids.stock}/status`, { status: 'closed' });
    const pending = await addReservation(team.r.tenantId, { fullName: 'Lia Live', email: 'lia@example.com' });
    await team.manager.patch(`/api/tenant/reservations/${pending}/status`, { status: 'confirmed' });
    stop();
    expect(heard).toEqual([['requests'], ['reservations']]);
  });
});
