import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plans, platformContactMessages, platformRoles, platformUsers } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_HOST, DEMO_LOGINS, GOOD_PASSWORD, MAIN_HOST, describeEachDb, unknownId, useTestApp, type TestClient } from '../../test/harness.ts';

const MESSAGES = '/api/platform/messages';
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Giulia Rossi',
  email: 'Giulia@Example.com',
  phone: '+49 30 1234567',
  restaurant_name: 'Osteria Giulia',
  subject: 'Premium for two places',
  message: 'We run two restaurants and would like to know how Premium works for both.',
  ...overrides,
});

describeEachDb('marketing: plans and contact form', (kind) => {
  const t = useTestApp(kind, { seed: true, env: { LOGIN_MAX_PER_IP_PER_MINUTE: '3' } });
  let operator: TestClient;
  let support: TestClient;
  let restaurantAdmin: TestClient;
  const stored = () => t.db.select().from(platformContactMessages);

  beforeAll(async () => {
    operator = t.client(MAIN_HOST, { token: await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password) });
    const [role] = await t.db.select({ id: platformRoles.id }).from(platformRoles).where(eq(platformRoles.name, 'support'));
    await t.db.insert(platformUsers).values({ name: 'Sue Support', email: 'support@example.com', passwordHash: await hashPassword(GOOD_PASSWORD), roleId: role!.id });
    support = t.client(MAIN_HOST, { token: await t.loginAs(MAIN_HOST, 'support@example.com', GOOD_PASSWORD) });
    restaurantAdmin = t.client(DEMO_HOST, { token: await t.loginAs(DEMO_HOST, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password) });
  });

  beforeEach(async () => {
    await t.db.delete(platformContactMessages);
    t.mailer.sent.length = 0;
  });

  describe('GET /api/plans', () => {
    it('answers the plans table, public and cacheable, and follows a price change', async () => {
      const guest = t.client(MAIN_HOST);
      const first = await guest.get('/api/plans');
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const rows = await t.db.select().from(plans);
      expect(first.json().data).toEqual(
        rows
          .sort((a, b) => a.priceCents - b.priceCents)
          .map((r) => ({
            id: r.id,
            name: r.name,
            price_cents: r.priceCents,
            currency: r.currency,
            interval: r.interval,
            max_products: r.maxProducts,
            max_users: r.maxUsers,
            custom_domain: r.customDomain,
            custom_roles: r.customRoles,
          })),
      );
      const etag = first.headers.etag as string;
      expect((await guest.get('/api/plans', { headers: { 'if-none-match': etag } })).statusCode).toBe(304);

      await t.db.update(plans).set({ priceCents: 3400 }).where(eq(plans.id, 'premium'));
      try {
        const changed = await guest.get('/api/plans', { headers: { 'if-none-match': etag } });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
        expect(changed.json().data.find((p: { id: string }) => p.id === 'premium').price_cents).toBe(3400);
      } finally {
        await t.db.update(plans).set({ priceCents: 2900 }).where(eq(plans.id, 'premium'));
      }
    });

    it('is a main-domain route: a restaurant host does not have it', async () => {
      expect((await t.client(DEMO_HOST).get('/api/plans')).statusCode).toBe(404);
    });
  });

  describe('POST /api/contact', () => {
    it('stores the message with the sender’s language and mails a German confirmation', async () => {
      const res = await t.client(MAIN_HOST).post('/api/contact', body(), { headers: { 'x-language': 'de' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toMatch(/^Vielen Dank! .*innerhalb eines Werktags/);
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: 'Giulia Rossi',
        email: 'giulia@example.com',
        phone: '+49 30 1234567',
        restaurantName: 'Osteria Giulia',
        subject: 'Premium for two places',
        language: 'de',
        handledAt: null,
      });
      expect(t.mailer.sent).toHaveLength(1);
      const mail = t.mailer.sent[0]!;
      expect(mail.to).toBe('giulia@example.com');
      expect(mail.subject).toBe('Wir haben Ihre Nachricht erhalten');
      expect(mail.text).toContain('Giulia Rossi');
      expect(mail.text).toContain('Betreff: Premium for two places');
    });

    it('optional fields may be left empty; English by default', async () => {
      const res = await t.client(MAIN_HOST).post('/api/contact', body({ phone: '', restaurant_name: '' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toMatch(/^Thank you!/);
      const [row] = await stored();
      expect(row).toMatchObject({ phone: null, restaurantName: null, language: 'en' });
      expect(t.mailer.sent[0]!.subject).toBe('We received your message');
    });

    it('answers field errors in the sender’s language and stores nothing', async () => {
      const en = await t.client(MAIN_HOST).post('/api/contact', { name: ' ', email: 'nope', phone: 'call me', subject: '', message: 'too short' });
      expect(en.statusCode).toBe(422);
      expect(en.json().errors).toEqual({
        name: ['This field is required.'],
        email: ['Enter a valid e-mail address.'],
        phone: ['Enter a valid phone number.'],
        subject: ['This field is required.'],
        message: ['Must be at least 10 characters.'],
      });
      const de = await t.client(MAIN_HOST).post('/api/contact', body({ message: 'x'.repeat(5001), email: '' }), { headers: { 'x-language': 'de' } });
      expect(de.statusCode).toBe(422);
      expect(de.json().errors).toEqual({ email: ['Dieses Feld ist erforderlich.'], message: ['Höchstens 5000 Zeichen.'] });
      expect(await stored()).toHaveLength(0);
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('a filled honeypot gets the usual answer but is neither stored nor confirmed', async () => {
      const res = await t.client(MAIN_HOST).post('/api/contact', body({ website: 'http://spam.example' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/^Thank you!/);
      expect(await stored()).toHaveLength(0);
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('a failing mailer still stores the message and answers the confirmation', async () => {
      const send = t.mailer.send;
      t.mailer.send = async () => {
        throw new Error('SMTP down');
      };
      try {
        const res = await t.client(MAIN_HOST).post('/api/contact', body());
        expect(res.statusCode, res.body).toBe(201);
        expect(await stored()).toHaveLength(1);
      } finally {
        t.mailer.send = send;
      }
    });

    it('is rate-limited per address', async () => {
      const visitor = t.client(MAIN_HOST);
      for (let i = 0; i < 3; i++) expect((await visitor.post('/api/contact', body({ subject: `Try ${i}` }))).statusCode).toBe(201);
      const limited = await visitor.post('/api/contact', body({ subject: 'One more' }));
      expect(limited.statusCode).toBe(429);
      expect(await stored()).toHaveLength(3);
      // Someone else is not affected.
      expect((await t.client(MAIN_HOST).post('/api/contact', body())).statusCode).toBe(201);
    });

    it('is a main-domain route', async () => {
      expect((await t.client(DEMO_HOST).post('/api/contact', body())).statusCode).toBe(404);
    });
  });

  describe('operators', () => {
    const send = async (overrides: Record<string, unknown> = {}) => {
      expect((await t.client(MAIN_HOST).post('/api/contact', body(overrides))).statusCode).toBe(201);
      const rows = await t.db.select().from(platformContactMessages).orderBy(platformContactMessages.createdAt);
      return rows.at(-1)!.id;
    };

    it('list newest first with the new count, filters by status and searches', async () => {
      const a = await send({ subject: 'Domains question', name: 'Ann' });
      const b = await send({ subject: 'Invoice', name: 'Ben', message: 'Where do I find my invoice for last month?' });
      expect((await operator.post(`${MESSAGES}/${a}/handled`, { handled: true })).statusCode).toBe(200);

      const all = (await operator.get(MESSAGES)).json().data;
      expect(all).toMatchObject({ total: 2, per_page: 15, current_page: 1, last_page: 1, new_count: 1 });
      expect(all.data.map((m: { id: string }) => m.id)).toEqual([b, a]);

      const fresh = (await operator.get(MESSAGES, { query: { status: 'new' } })).json().data;
      expect(fresh.data.map((m: { id: string }) => m.id)).toEqual([b]);
      const handled = (await operator.get(MESSAGES, { query: { status: 'handled' } })).json().data;
      expect(handled.data).toMatchObject([{ id: a, status: 'handled', handled_by_name: expect.any(String) }]);

      const found = (await operator.get(MESSAGES, { query: { search: 'invoice' } })).json().data;
      expect(found.data.map((m: { id: string }) => m.id)).toEqual([b]);
      expect((await operator.get(MESSAGES, { query: { search: '100%' } })).json().data.total).toBe(0);
      const paged = (await operator.get(MESSAGES, { query: { per_page: 1, page: 2 } })).json().data;
      expect(paged).toMatchObject({ total: 2, last_page: 2, current_page: 2 });
      expect(paged.data.map((m: { id: string }) => m.id)).toEqual([a]);
    });

    it('read one, mark handled and new again, delete; unknown ids are 404', async () => {
      const id = await send();
      const one = (await operator.get(`${MESSAGES}/${id}`)).json().data;
      expect(one).toMatchObject({ id, name: 'Giulia Rossi', email: 'giulia@example.com', language: 'en', status: 'new', handled_at: null });

      const done = await operator.post(`${MESSAGES}/${id}/handled`, { handled: true }, { headers: { 'x-language': 'de' } });
      expect(done.json()).toMatchObject({ data: { status: 'handled' }, message: 'Nachricht als erledigt markiert.' });
      expect((await t.db.select().from(platformContactMessages))[0]!.handledAt).not.toBeNull();
      const again = await operator.post(`${MESSAGES}/${id}/handled`, { handled: false });
      expect(again.json().data).toMatchObject({ status: 'new', handled_at: null, handled_by_name: null });

      expect((await operator.delete(`${MESSAGES}/${id}`)).statusCode).toBe(200);
      expect(await stored()).toHaveLength(0);
      expect((await operator.get(`${MESSAGES}/${id}`)).statusCode).toBe(404);
      expect((await operator.delete(`${MESSAGES}/${id}`)).statusCode).toBe(404);
      expect((await operator.post(`${MESSAGES}/${unknownId()}/handled`, { handled: true })).statusCode).toBe(404);
    });

    it('support (no platform_messages.manage), restaurant tokens and guests are refused', async () => {
      const id = await send();
      for (const res of [await support.get(MESSAGES), await support.get(`${MESSAGES}/${id}`), await support.post(`${MESSAGES}/${id}/handled`, { handled: true }), await support.delete(`${MESSAGES}/${id}`)]) {
        expect(res.statusCode).toBe(403);
      }
      // A restaurant's token means nothing on the main domain, and the routes do not exist on a restaurant's host.
      expect((await t.client(MAIN_HOST, { token: restaurantAdmin.token }).get(MESSAGES)).statusCode).toBe(401);
      expect((await restaurantAdmin.get(MESSAGES)).statusCode).toBe(404);
      expect((await t.client(MAIN_HOST).get(MESSAGES)).statusCode).toBe(401);
      expect((await t.db.select().from(platformContactMessages))[0]!.handledAt).toBeNull();
      expect(await stored()).toHaveLength(1);
    });
  });
});
