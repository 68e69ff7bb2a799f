import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate, translate } from '@tavolo/contracts/i18n';
import { weekdayOf } from '@tavolo/contracts/requests';
import { DEFAULT_OPENING_HOURS } from '@tavolo/contracts/settings';
import { localClock } from '@tavolo/contracts/time';
import {
  contactRequests,
  mailOutbox,
  newsletterSubscribers,
  notifications,
  products,
  quoteRequests,
  reservations,
  stockCheckRequests,
  tenantSettings,
  tenants,
} from '../../db/schema/index.ts';
import { describeEachDb, MAIN_HOST, unknownId, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';

/** YYYY-MM-DD `days` from today (UTC, the test restaurants' time zone). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachDb('guest requests', (kind) => {
  const t = useTestApp(kind);
  let r: RegisteredTenant;
  let other: RegisteredTenant;
  let guest: () => TestClient;
  let categoryId: string;

  const reservation = (overrides: Record<string, unknown> = {}) => ({
    full_name: 'Greta Guest',
    phone_number: '+49 30 555123',
    email: 'Greta@Example.com',
    date: dayFromToday(7),
    time: '19:30',
    guests: 4,
    message: 'Window seat, please',
    ...overrides,
  });
  const outboxTo = (tenantId: string, to: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.toAddress, to)));
  const setHours = (tenantId: string, hours = DEFAULT_OPENING_HOURS) => t.db.update(tenantSettings).set({ openingHours: hours }).where(eq(tenantSettings.tenantId, tenantId));
  const setStatus = async (tenant: RegisteredTenant, status: 'active' | 'pending' | 'suspended') => {
    await t.db.update(tenants).set({ status }).where(eq(tenants.id, tenant.tenantId));
    t.app.tenants.invalidate(tenant.slug);
  };

  beforeAll(async () => {
    r = await t.registerTenant({ domain: 'forms-main', status: 'active', restaurant_name: 'Trattoria Forms' });
    other = await t.registerTenant({ domain: 'forms-other', status: 'active' });
    // A new IP per call site: the per-IP limits are tested on their own.
    guest = () => t.client(r.host);
    categoryId = await t.addCategory(r.tenantId, { name: 'Mains' });
  });

  it("alerts the restaurant in the language its owner signed up in, whatever its country, until the settings change it", async () => {
    // Signed up in English, in Germany: an English-speaking team.
    const en = await t.registerTenant({ domain: 'forms-english', status: 'active', language: 'en' });
    const admin = t.client(en.host, { token: await t.loginAs(en.host, en.email, en.password) });
    const settings = await admin.get('/api/tenant/admin/settings');
    expect(settings.json().data).toMatchObject({ country: 'Germany', staff_language: 'en' });
    const contact = (subject: string) => t.client(en.host).post('/api/tenant/contact', { name: 'Ella', email: 'ella@example.com', subject, message: 'Hello' }, { headers: { 'x-language': 'de' } });
    expect((await contact('Cake')).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(t.mailer.sent.find((m) => m.to === en.email && m.subject.includes('Cake'))!.subject).toBe(translate('en', 'mail.requests.contact_staff_subject', { subject: 'Cake' }));

    const saved = await admin.put('/api/tenant/admin/settings', { ...settings.json().data, staff_language: 'de' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.staff_language).toBe('de');
    expect((await contact('Torte')).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(t.mailer.sent.find((m) => m.to === en.email && m.subject.includes('Torte'))!.subject).toBe(translate('de', 'mail.requests.contact_staff_subject', { subject: 'Torte' }));
    // A save without the field keeps it; a language we do not have is refused at the field.
    expect((await admin.put('/api/tenant/admin/settings', { ...settings.json().data, staff_language: undefined })).json().data.staff_language).toBe('de');
    const bad = await admin.put('/api/tenant/admin/settings', { ...settings.json().data, staff_language: 'fr' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['staff_language']);
  });

  describe('reservation', () => {
    it('stores the request, notifies staff and queues mails to the guest and to the restaurant', async () => {
      const res = await guest().post('/api/tenant/reservation', reservation());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: expect.stringContaining('received your reservation request') });

      const rows = await t.db.select().from(reservations).where(eq(reservations.tenantId, r.tenantId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ fullName: 'Greta Guest', email: 'greta@example.com', date: dayFromToday(7), time: '19:30', guests: 4, status: 'pending' });
      const [note] = await t.db.select().from(notifications).where(and(eq(notifications.tenantId, r.tenantId), eq(notifications.kind, 'reservation')));
      expect(note!.data).toEqual({ name: 'Greta Guest', date: dayFromToday(7), time: '19:30', guests: 4 });

      expect(await outboxTo(r.tenantId, 'greta@example.com')).toHaveLength(1);
      expect(await outboxTo(r.tenantId, r.email)).toHaveLength(1);
      await t.app.outbox.drain();
      const toGuest = t.mailer.sent.find((m) => m.to === 'greta@example.com')!;
      expect(toGuest.subject).toBe('Your reservation request at Trattoria Forms');
      expect(toGuest.text).toContain('will confirm it');
      expect(toGuest.text).toContain('19:30');
      const toStaff = t.mailer.sent.find((m) => m.to === r.email && m.subject.includes('Greta Guest'))!;
      // The restaurant is in Germany: its alert is in German.
      expect(toStaff.subject).toBe(`Neue Reservierungsanfrage: Greta Guest, ${formatCalendarDate('de', dayFromToday(7))} 19:30`);
      expect(toStaff.text).toContain('Window seat, please');
    });

    it('answers in German when the guest reads German', async () => {
      const res = await guest().post('/api/tenant/reservation', reservation({ email: 'de@example.com' }), { headers: { 'x-language': 'de' } });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toContain('Reservierungsanfrage erhalten');
    });

    it('requires every field, with a message per field, and writes nothing', async () => {
      const before = await t.rowCounts();
      const res = await guest().post('/api/tenant/reservation', {});
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      for (const name of ['full_name', 'phone_number', 'email', 'date', 'time', 'guests', 'message']) expect(errors[name], name).toEqual(['This field is required.']);
      const blank = await guest().post('/api/tenant/reservation', reservation({ full_name: '  ', message: '', email: '', phone_number: '' }));
      expect(blank.json().errors).toMatchObject({
        full_name: ['This field is required.'],
        message: ['This field is required.'],
        email: ['This field is required.'],
      });
      // The shared phone rule reports the format too; the form shows the first message.
      expect(blank.json().errors.phone_number[0]).toBe('This field is required.');
      expect(await t.rowCounts()).toEqual(before);
    });

    it('checks formats and bounds of each field', async () => {
      const res = await guest().post(
        '/api/tenant/reservation',
        reservation({ email: 'not-mail', phone_number: 'call me', date: '2030-02-30', time: '25:00', guests: 0, full_name: 'x'.repeat(121) }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        email: ['Enter a valid e-mail address.'],
        phone_number: ['Enter a valid phone number.'],
        date: ['Enter a date as YYYY-MM-DD.'],
        time: ['Enter a time as HH:MM.'],
        guests: ['Must be at least 1.'],
        full_name: ['Must be at most 120 characters.'],
      });
      expect((await guest().post('/api/tenant/reservation', reservation({ guests: 51 }))).json().errors).toEqual({ guests: ['Must be at most 50.'] });
      // Guests are sent as an integer: no fractions, no strings.
      expect((await guest().post('/api/tenant/reservation', reservation({ guests: 2.5 }))).json().errors.guests).toHaveLength(1);
      expect((await guest().post('/api/tenant/reservation', reservation({ guests: '4' }))).json().errors.guests).toHaveLength(1);
    });

    it('refuses past dates, closed days, times outside the hours or too soon, and says why', async () => {
      const before = await t.rowCounts();
      const past = await guest().post('/api/tenant/reservation', reservation({ date: dayFromToday(-1) }));
      expect(past.statusCode).toBe(422);
      expect(past.json().errors).toEqual({ date: ['Choose today or a later date.'] });

      const date = dayFromToday(8);
      await setHours(
        r.tenantId,
        DEFAULT_OPENING_HOURS.map((d) => (d.day === weekdayOf(date) ? { ...d, closed: true } : { ...d, open: '11:00', close: '22:00' })),
      );
      const closed = await guest().post('/api/tenant/reservation', reservation({ date }));
      expect(closed.json().errors).toEqual({ date: ['The restaurant is closed on this day. Choose another date.'] });

      // A party of 4 stays 120 minutes by default: the last start is 20:00.
      const early = await guest().post('/api/tenant/reservation', reservation({ time: '10:30' }));
      expect(early.json().errors).toEqual({ time: ['Choose a start time between 11:00 and 20:00, so that your stay ends by closing time (22:00).'] });
      const late = await guest().post('/api/tenant/reservation', reservation({ time: '20:15' }), { headers: { 'x-language': 'de' } });
      expect(late.json().errors).toEqual({ time: ['Wählen Sie eine Uhrzeit zwischen 11:00 und 20:00 Uhr, damit Ihr Besuch bis zum Schluss (22:00 Uhr) endet.'] });
      const offGrid = await guest().post('/api/tenant/reservation', reservation({ time: '19:10' }));
      expect(offGrid.json().errors).toEqual({ time: ['Choose one of the offered times (every 15 minutes).'] });
      expect((await guest().post('/api/tenant/reservation', reservation({ time: '11:00', email: 'first@example.com' }))).statusCode).toBe(201);

      const now = localClock('UTC');
      await setHours(r.tenantId, DEFAULT_OPENING_HOURS.map((d) => ({ ...d, open: '00:00', close: '23:59' })));
      if (now.time >= '00:15') {
        const gone = await guest().post('/api/tenant/reservation', reservation({ date: now.date, time: '00:00', guests: 2 }));
        expect(gone.json().errors).toEqual({ time: ['This time is too soon to book online (at least 60 minutes ahead). Choose a later time or call us.'] });
      }
      await setHours(r.tenantId);
      const after = await t.rowCounts();
      expect(after.reservations).toBe(before.reservations! + 1);
    });

    it("offers the restaurant's hours, today's date in its time zone and the online limits", async () => {
      await t.db.update(tenantSettings).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(tenantSettings.tenantId, r.tenantId));
      const res = await guest().get('/api/tenant/public/reservation-options');
      expect(res.statusCode).toBe(200);
      const today = localClock('Pacific/Kiritimati').date;
      const lastDate = new Date(Date.parse(`${today}T00:00:00Z`) + 60 * 86_400_000).toISOString().slice(0, 10);
      expect(res.json().data).toEqual({
        time_zone: 'Pacific/Kiritimati',
        today,
        opening_hours: DEFAULT_OPENING_HOURS,
        max_party_online: 8,
        max_days_ahead: 60,
        last_date: lastDate,
        hours: DEFAULT_OPENING_HOURS,
      });
      await t.db.update(tenantSettings).set({ timeZone: 'UTC' }).where(eq(tenantSettings.tenantId, r.tenantId));
    });

    it('is rate-limited per IP', async () => {
      const spammer = guest();
      for (let i = 0; i < 10; i++) expect((await spammer.post('/api/tenant/reservation', {})).statusCode).toBe(422);
      const limited = await spammer.post('/api/tenant/reservation', reservation());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // Another guest is not affected.
      expect((await guest().post('/api/tenant/reservation', {})).statusCode).toBe(422);
    });
  });

  describe('newsletter (double opt-in)', () => {
    const tokenFrom = (text: string, path: string) => new RegExp(`http://forms-main\\.localhost${path}#token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
    const lastMailTo = async (to: string) => {
      await t.app.outbox.drain();
      return t.mailer.sent.filter((m) => m.to === to).at(-1)!;
    };

    it('pending -> confirm -> duplicate 409 -> unsubscribe -> sign up again', async () => {
      const email = 'news@example.com';
      const first = await guest().post('/api/tenant/subscribe', { email: 'News@Example.com' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().message).toContain('check your inbox');
      const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.tenantId, r.tenantId));
      expect(row).toMatchObject({ email, status: 'pending', confirmedAt: null });

      const mail = await lastMailTo(email);
      expect(mail.subject).toBe('Please confirm your subscription to the Trattoria Forms newsletter');
      const confirm1 = tokenFrom(mail.text, '/newsletter/confirm')!;
      expect(confirm1).toHaveLength(43);
      expect(tokenFrom(mail.text, '/newsletter/unsubscribe')).toHaveLength(43);
      // Only hashes are stored.
      expect(JSON.stringify(row)).not.toContain(confirm1);

      // Asked again at once (a double click): no second mail, so the link on its way stays the one to click.
      const sent = t.mailer.sent.length;
      expect((await guest().post('/api/tenant/subscribe', { email })).statusCode).toBe(201);
      await t.app.outbox.drain();
      expect(t.mailer.sent.length).toBe(sent);
      // Pending again a while later: a fresh link, still one row; the old link stops working.
      await t.db.update(newsletterSubscribers).set({ updatedAt: new Date(Date.now() - 120_000) }).where(eq(newsletterSubscribers.tenantId, r.tenantId));
      expect((await guest().post('/api/tenant/subscribe', { email })).statusCode).toBe(201);
      expect(await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.tenantId, r.tenantId))).toHaveLength(1);
      const second = await lastMailTo(email);
      const confirm2 = tokenFrom(second.text, '/newsletter/confirm')!;
      const unsubscribe = tokenFrom(second.text, '/newsletter/unsubscribe')!;
      expect(confirm2).not.toBe(confirm1);
      expect((await guest().post('/api/tenant/newsletter/confirm', { token: confirm1 })).statusCode).toBe(404);

      // A token of this restaurant means nothing on another restaurant's host.
      expect((await t.client(other.host).post('/api/tenant/newsletter/confirm', { token: confirm2 })).statusCode).toBe(404);
      const ok = await guest().post('/api/tenant/newsletter/confirm', { token: confirm2 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Your subscription is confirmed. Thank you!');
      const [confirmed] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.tenantId, r.tenantId));
      expect(confirmed).toMatchObject({ status: 'confirmed' });
      expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
      // Clicked again (a mail scanner, the guest once more): already confirmed, not "invalid".
      const again = await guest().post('/api/tenant/newsletter/confirm', { token: confirm2 });
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe('Your subscription was already confirmed. Thank you!');

      const duplicate = await guest().post('/api/tenant/subscribe', { email }, { headers: { 'x-language': 'de' } });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', message: 'Diese E-Mail-Adresse ist bereits für unseren Newsletter angemeldet.' });

      expect((await t.client(other.host).post('/api/tenant/newsletter/unsubscribe', { token: unsubscribe })).statusCode).toBe(404);
      const bye = await guest().post('/api/tenant/newsletter/unsubscribe', { token: unsubscribe });
      expect(bye.statusCode).toBe(200);
      expect(bye.json().message).toContain('unsubscribed');
      expect((await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.tenantId, r.tenantId)))[0]).toMatchObject({ status: 'unsubscribed' });
      // One-click links may be followed twice (mail scanners): still fine.
      expect((await guest().post('/api/tenant/newsletter/unsubscribe', { token: unsubscribe })).statusCode).toBe(200);

      // Signing up again after unsubscribing starts a new opt-in.
      expect((await guest().post('/api/tenant/subscribe', { email })).statusCode).toBe(201);
      expect((await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.tenantId, r.tenantId)))[0]).toMatchObject({ status: 'pending' });
    });

    it("the confirmation link leads to the host and port the guest used, built from the parsed Host", async () => {
      expect((await t.client(`${r.host.toUpperCase()}:8080`).post('/api/tenant/subscribe', { email: 'port@example.com' })).statusCode).toBe(201);
      const mail = await lastMailTo('port@example.com');
      expect(mail.text).toMatch(new RegExp(`http://${r.host.replace('.', '\\.')}:8080/newsletter/confirm#token=[\\w-]{43}`));
    });

    it('the same address at another restaurant is a separate subscription', async () => {
      expect((await t.client(other.host).post('/api/tenant/subscribe', { email: 'news@example.com' })).statusCode).toBe(201);
    });

    it('needs a valid e-mail and a well-formed token', async () => {
      expect((await guest().post('/api/tenant/subscribe', {})).json().errors).toEqual({ email: ['This field is required.'] });
      expect((await guest().post('/api/tenant/subscribe', { email: '' })).json().errors).toEqual({ email: ['This field is required.'] });
      expect((await guest().post('/api/tenant/subscribe', { email: 'nope' })).json().errors).toEqual({ email: ['Enter a valid e-mail address.'] });
      expect((await guest().post('/api/tenant/newsletter/confirm', { token: 'a b' })).statusCode).toBe(422);
      expect((await guest().post('/api/tenant/newsletter/unsubscribe', {})).json().errors).toEqual({ token: ['This field is required.'] });
    });
  });

  describe('contact', () => {
    it('stores the message, notifies staff and alerts the restaurant', async () => {
      const res = await guest().post('/api/tenant/contact', { name: 'Carl', email: 'carl@example.com', subject: 'Allergies', message: 'Do you cook without nuts?' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Thank you for your message. We will get back to you soon; a confirmation is on its way to your inbox.');
      const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.tenantId, r.tenantId));
      expect(row).toMatchObject({ name: 'Carl', email: 'carl@example.com', phone: null, subject: 'Allergies', status: 'new' });
      expect(await t.db.select().from(notifications).where(and(eq(notifications.tenantId, r.tenantId), eq(notifications.kind, 'contact')))).toHaveLength(1);
      await t.app.outbox.drain();
      const mail = t.mailer.sent.find((m) => m.to === r.email && m.subject.includes('Allergies'))!;
      expect(mail.text).toContain('Do you cook without nuts?');
      expect(mail.text).toContain('carl@example.com');
      // "Reply" in the restaurant's mail program answers the guest (it went back to the restaurant itself).
      expect(mail.replyTo).toBe('carl@example.com');
    });

    it("confirms to the guest in the guest's language, and staff's reply is in that language too (a German restaurant answered an English guest in German)", async () => {
      const sent = await guest().post('/api/tenant/contact', { name: 'Dora', email: 'dora@example.com', subject: 'Birthday', message: 'Can we bring a cake?' }, { headers: { 'accept-language': 'en' } });
      expect(sent.statusCode, sent.body).toBe(201);
      const [row] = await t.db.select().from(contactRequests).where(and(eq(contactRequests.tenantId, r.tenantId), eq(contactRequests.email, 'dora@example.com')));
      expect(row!.language).toBe('en');
      await t.app.outbox.drain();
      const confirmation = t.mailer.sent.find((m) => m.to === 'dora@example.com')!;
      expect(confirmation.subject).toBe(`Your message to ${r.name}`);
      expect(confirmation.text).toContain('Can we bring a cake?');
      // The restaurant (in Germany) gets its alert in German.
      expect(t.mailer.sent.find((m) => m.to === r.email && m.subject.includes('Birthday'))!.subject).toBe(translate('de', 'mail.requests.contact_staff_subject', { subject: 'Birthday' }));
      const admin = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
      const reply = await admin.post(`/api/tenant/contact-requests/${row!.id}/replies`, { subject: 'Your cake', body: 'Of course!' }, { headers: { 'accept-language': 'de' } });
      expect(reply.statusCode, reply.body).toBe(201);
      await t.app.outbox.drain();
      const answer = t.mailer.sent.filter((m) => m.to === 'dora@example.com').at(-1)!;
      expect(answer.subject).toBe('Your cake');
      expect(answer.text).toContain(translate('en', 'mail.greeting', { name: 'Dora' }));
    });

    it('validates each field (phone optional but checked) and escapes what it mails', async () => {
      const res = await guest().post('/api/tenant/contact', { phone: 'abc' });
      expect(res.json().errors).toEqual({
        name: ['This field is required.'],
        email: ['This field is required.'],
        phone: ['Enter a valid phone number.'],
        subject: ['This field is required.'],
        message: ['This field is required.'],
      });
      const ok = await guest().post('/api/tenant/contact', { name: 'Eve', email: 'eve@example.com', phone: '', subject: '<b>Hi</b>', message: '<script>x</script>' });
      expect(ok.statusCode).toBe(201);
      await t.app.outbox.drain();
      const mail = t.mailer.sent.find((m) => m.to === r.email && m.text.includes('eve@example.com'))!;
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;');
    });
  });

  describe('stock check', () => {
    let tracked: string;
    let untracked: string;
    let soldOut: string;
    let inactive: string;
    let inInactiveCategory: string;
    let foreign: string;

    const ask = (product_id: string, quantity: number, headers?: Record<string, string>) =>
      guest().post('/api/tenant/stock-check', { full_name: 'Sam Stock', phone_number: '0301234567', email: 'sam@example.com', product_id, quantity }, { headers });
    const stock = async (id: string, values: Partial<typeof products.$inferInsert>) => {
      await t.db.update(products).set(values).where(eq(products.id, id));
    };

    beforeAll(async () => {
      tracked = await t.addProduct(r.tenantId, categoryId, { name: 'Tiramisu', priceCents: 650 });
      await stock(tracked, { trackStock: true, stockQuantity: 5 });
      untracked = await t.addProduct(r.tenantId, categoryId, { name: 'Espresso', priceCents: 250 });
      soldOut = await t.addProduct(r.tenantId, categoryId, { name: 'Panna cotta', priceCents: 600 });
      await stock(soldOut, { trackStock: true, stockQuantity: 0 });
      inactive = await t.addProduct(r.tenantId, categoryId, { name: 'Old dish', priceCents: 100, isActive: false });
      const hidden = await t.addCategory(r.tenantId, { name: 'Hidden', isActive: false });
      inInactiveCategory = await t.addProduct(r.tenantId, hidden, { name: 'Secret dish', priceCents: 100 });
      foreign = await t.addProduct(other.tenantId, await t.addCategory(other.tenantId, { name: 'Theirs' }), { name: 'Foreign dish', priceCents: 100 });
    });

    it('says yes or no at once, never the level, and keeps each request with the level it saw', async () => {
      const yes = await ask(tracked, 5);
      expect(yes.statusCode, yes.body).toBe(201);
      expect(yes.json()).toEqual({ success: true, data: { available: true }, message: 'Good news: 5 × Tiramisu is available right now.' });
      const no = await ask(tracked, 6, { 'x-language': 'de' });
      expect(no.json().data).toEqual({ available: false });
      expect(no.json().message).toContain('Tiramisu ist in dieser Menge leider gerade nicht verfügbar');
      expect(no.body).not.toMatch(/\b5\b/);
      expect((await ask(untracked, 999)).json().data).toEqual({ available: true });
      expect((await ask(soldOut, 1)).json().data).toEqual({ available: false });

      const rows = await t.db.select().from(stockCheckRequests).where(eq(stockCheckRequests.tenantId, r.tenantId));
      expect(rows.map((row) => [row.productName, row.quantity, row.availableAtRequest]).sort()).toEqual(
        [
          ['Espresso', 999, 999],
          ['Panna cotta', 1, 0],
          ['Tiramisu', 5, 5],
          ['Tiramisu', 6, 5],
        ].sort(),
      );
      expect(await t.db.select().from(notifications).where(and(eq(notifications.tenantId, r.tenantId), eq(notifications.kind, 'stock_check')))).toHaveLength(4);
      expect((await outboxTo(r.tenantId, r.email)).filter((m) => (m.payload as { subjectKey: string }).subjectKey === 'mail.requests.stock_staff_subject')).toHaveLength(4);
    });

    it('refuses inactive products, products of inactive categories and other restaurants\' products, writing nothing', async () => {
      const before = await t.rowCounts();
      for (const id of [inactive, inInactiveCategory, foreign, unknownId()]) {
        const res = await ask(id, 1);
        expect(res.statusCode, id).toBe(422);
        expect(res.json().errors).toEqual({ product_id: ['This product was not found on our menu.'] });
        expect(res.body).not.toContain('Foreign dish');
      }
      expect(await t.rowCounts()).toEqual(before);
    });

    it('validates each field', async () => {
      const res = await guest().post('/api/tenant/stock-check', { product_id: 'x', quantity: 0, email: 'bad' });
      expect(res.json().errors).toEqual({
        full_name: ['This field is required.'],
        phone_number: ['This field is required.'],
        email: ['Enter a valid e-mail address.'],
        product_id: ['This value is not valid.'],
        quantity: ['Must be at least 1.'],
      });
      expect((await ask(tracked, 1000)).json().errors).toEqual({ quantity: ['Must be at most 999.'] });
    });

    it('lists the products a guest may ask about', async () => {
      const res = await guest().get('/api/tenant/public/stock-check/products');
      expect(res.statusCode).toBe(200);
      const names = (res.json().data as { name: string; category: string }[]).map((p) => p.name);
      expect(names.sort()).toEqual(['Espresso', 'Panna cotta', 'Tiramisu']);
    });
  });

  describe('quote request', () => {
    it('stores the request with the budget in cents, notifies staff and alerts the restaurant', async () => {
      const body = { name: 'Quinn', email: 'quinn@example.com', phone: '+49 170 1234567', event_date: dayFromToday(30), guests: 40, budget: '1250,50', message: 'Company party' };
      const res = await guest().post('/api/tenant/quote-request', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toContain('quote request');
      const [row] = await t.db.select().from(quoteRequests).where(eq(quoteRequests.tenantId, r.tenantId));
      expect(row).toMatchObject({ name: 'Quinn', eventDate: dayFromToday(30), guests: 40, budgetCents: 125050, status: 'new' });
      expect(await t.db.select().from(notifications).where(and(eq(notifications.tenantId, r.tenantId), eq(notifications.kind, 'quote')))).toHaveLength(1);
      await t.app.outbox.drain();
      expect(t.mailer.sent.find((m) => m.to === r.email && m.text.includes('Company party'))!.text).toContain('1250.50');

      expect((await guest().post('/api/tenant/quote-request', { ...body, budget: 300 })).statusCode).toBe(201);
      expect((await guest().post('/api/tenant/quote-request', { ...body, budget: '' })).statusCode).toBe(201);
      const budgets = (await t.db.select().from(quoteRequests).where(eq(quoteRequests.tenantId, r.tenantId))).map((q) => q.budgetCents);
      expect(budgets.sort()).toEqual([125050, 30000, null].sort());
    });

    it('validates each field and refuses past event dates', async () => {
      const res = await guest().post('/api/tenant/quote-request', { guests: 0, budget: '12.345', event_date: 'soon' });
      expect(res.json().errors).toEqual({
        name: ['This field is required.'],
        email: ['This field is required.'],
        phone: ['This field is required.'],
        event_date: ['Enter a date as YYYY-MM-DD.'],
        guests: ['Must be at least 1.'],
        budget: ['Enter an amount like 250 or 250.50.'],
        message: ['This field is required.'],
      });
      const past = await guest().post('/api/tenant/quote-request', { name: 'Q', email: 'q@example.com', phone: '0301234567', event_date: dayFromToday(-2), guests: 2, message: 'x' });
      expect(past.json().errors).toEqual({ event_date: ['Choose today or a later date.'] });
    });
  });

  describe('restaurant status', () => {
    it('a suspended or pending restaurant refuses reservations, sign-ups, stock checks and quotes, but takes contact messages', async () => {
      const product = await t.addProduct(r.tenantId, categoryId, { name: 'Status soup', priceCents: 100 });
      for (const status of ['suspended', 'pending'] as const) {
        await setStatus(r, status);
        const before = await t.rowCounts();
        const calls = [
          ['/api/tenant/reservation', reservation()],
          ['/api/tenant/subscribe', { email: 'status@example.com' }],
          ['/api/tenant/stock-check', { full_name: 'S', phone_number: '0301234567', email: 's@example.com', product_id: product, quantity: 1 }],
          ['/api/tenant/quote-request', { name: 'Q', email: 'q@example.com', phone: '0301234567', event_date: dayFromToday(3), guests: 2, message: 'x' }],
        ] as const;
        for (const [url, body] of calls) {
          const res = await guest().post(url, body);
          expect(res.statusCode, `${status} ${url}`).toBe(409);
          expect(res.json().message).toBe('This restaurant is not accepting online requests at the moment. Please contact it directly.');
        }
        expect(await t.rowCounts()).toEqual(before);
        expect((await guest().post('/api/tenant/contact', { name: 'C', email: 'c@example.com', subject: 'Hello', message: 'Are you open?' })).statusCode).toBe(201);
      }
      await setStatus(r, 'active');
    });

    it('the forms answer on restaurant hosts only', async () => {
      expect((await t.client(MAIN_HOST).post('/api/tenant/reservation', reservation())).statusCode).toBe(404);
    });
  });
});
