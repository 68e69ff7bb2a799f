import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import { TENANT_ACTIONS, TENANT_TRANSITIONS, type TTenantAction } from '@tavolo/contracts/platform';
import { TENANT_STATUSES, type TTenantStatus } from '@tavolo/contracts/tenant';
import { mailOutbox, platformRoles, platformUsers, productOptionGroups, products, tenantDeletions, tenantDomains, tenantStatusEvents, tenants } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { uploadDir } from '../../lib/image-upload.ts';
import { tenantRows, tenantTables } from '../../test/isolation-matrix.ts';
import { DEMO_HOST, DEMO_LOGINS, GOOD_PASSWORD, MAIN_HOST, describeEachDb, rowsOf, unknownId, useTestApp, type TestClient } from '../../test/harness.ts';
import { REVENUE_STATUSES } from './platform-tenants.repo.ts';

const URL_ = '/api/platform/tenants';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describeEachDb('platform: restaurants', (kind) => {
  const t = useTestApp(kind, { seed: true, env: { CHECKOUT_MAX_PER_IP_PER_MINUTE: '1000' } });
  let operator: TestClient;
  let support: TestClient;
  let operatorId: string;

  const setStatus = async (slug: string, status: TTenantStatus, trialEndsAt: Date | null = null) => {
    await t.db.update(tenants).set({ status, trialEndsAt }).where(eq(tenants.slug, slug));
    t.app.tenants.invalidate(slug);
  };
  const tenantRow = async (id: string) => (await t.db.select().from(tenants).where(eq(tenants.id, id)))[0]!;
  const mailsOf = (tenantId: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId)).orderBy(desc(mailOutbox.createdAt));

  beforeAll(async () => {
    const token = await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password);
    operator = t.client(MAIN_HOST, { token });
    operatorId = (await t.db.select({ id: platformUsers.id }).from(platformUsers).where(eq(platformUsers.email, DEMO_LOGINS.platform.email)))[0]!.id;
    const [role] = await t.db.select({ id: platformRoles.id }).from(platformRoles).where(eq(platformRoles.name, 'support'));
    await t.db.insert(platformUsers).values({ name: 'Sue Support', email: 'support@example.com', passwordHash: await hashPassword(GOOD_PASSWORD), roleId: role!.id });
    support = t.client(MAIN_HOST, { token: await t.loginAs(MAIN_HOST, 'support@example.com', GOOD_PASSWORD) });
  });

  describe('list', () => {
    it('shows every restaurant with its owner, address, status and plan, newest first', async () => {
      const res = await operator.get(URL_);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data;
      expect(page).toMatchObject({ total: 4, per_page: 15, current_page: 1, last_page: 1 });
      const demo = page.data.find((r: { slug: string }) => r.slug === 'demo');
      expect(demo).toMatchObject({
        name: 'Trattoria Demo',
        url: 'http://demo.localhost',
        owner: { name: 'Alex Admin', email: DEMO_LOGINS.admin.email },
        status: 'active',
        plan_id: 'premium',
        trial_ends_at: null,
        upgrade_requested_at: null,
      });
      const created = page.data.map((r: { created_at: string }) => r.created_at);
      expect(created).toEqual([...created].sort().reverse());
      const trial = page.data.find((r: { slug: string }) => r.slug === 'cafe-lumen');
      expect(trial.status).toBe('trial');
      expect(new Date(trial.trial_ends_at).getTime()).toBeGreaterThan(Date.now());
    });

    it('searches name, web or postal address and owner e-mail; filters by status, plan and upgrade request', async () => {
      const slugs = async (query: Record<string, string | number>) => {
        const res = await operator.get(URL_, { query });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.data.map((r: { slug: string }) => r.slug).sort();
      };
      expect(await slugs({ search: 'trattoria' })).toEqual(['demo']);
      expect(await slugs({ search: 'burger-b' })).toEqual(['burger-barn']);
      expect(await slugs({ search: 'owner@sushi-hana' })).toEqual(['sushi-hana']);
      // The postal address too, and a restaurant's own domain.
      expect(await slugs({ search: 'seattle' })).toEqual(['sushi-hana']);
      expect(await slugs({ search: '12 Harbour' })).toEqual(['demo']);
      const [demo] = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'));
      await t.db.insert(tenantDomains).values({ tenantId: demo!.id, host: 'order.trattoria-example.com', verificationToken: 'token' });
      expect(await slugs({ search: 'trattoria-example' })).toEqual(['demo']);
      await t.db.delete(tenantDomains).where(eq(tenantDomains.tenantId, demo!.id));
      expect(await slugs({ search: '%' })).toEqual([]);
      expect(await slugs({ status: 'pending' })).toEqual(['sushi-hana']);
      expect(await slugs({ status: 'suspended' })).toEqual(['burger-barn']);
      expect(await slugs({ plan: 'premium' })).toEqual(['demo']);
      expect(await slugs({ plan: 'free', status: 'trial' })).toEqual(['cafe-lumen']);
      await t.db.update(tenants).set({ upgradeRequestedAt: new Date() }).where(eq(tenants.slug, 'sushi-hana'));
      expect(await slugs({ upgrade_requested: 'true' })).toEqual(['sushi-hana']);
      expect(await slugs({ upgrade_requested: 'false' })).toEqual(['burger-barn', 'cafe-lumen', 'demo']);
      await t.db.update(tenants).set({ upgradeRequestedAt: null }).where(eq(tenants.slug, 'sushi-hana'));
      expect((await operator.get(URL_, { query: { status: 'closed' } })).statusCode).toBe(422);
    });

    it('pages and sorts on the server', async () => {
      const first = (await operator.get(URL_, { query: { per_page: 3, sort: 'name' } })).json().data;
      expect(first).toMatchObject({ total: 4, per_page: 3, current_page: 1, last_page: 2 });
      expect(first.data.map((r: { name: string }) => r.name)).toEqual(['Burger Barn', 'Café Lumen', 'Sushi Hana']);
      const second = (await operator.get(URL_, { query: { per_page: 3, page: 2, sort: 'name' } })).json().data;
      expect(second.data.map((r: { name: string }) => r.name)).toEqual(['Trattoria Demo']);
      const byTrial = (await operator.get(URL_, { query: { sort: 'trial_end' } })).json().data;
      expect(byTrial.data[0].slug).toBe('cafe-lumen');
    });
  });

  describe('view', () => {
    it("adds contact, domains, figures and the status history; figures agree with the restaurant's rows", async () => {
      const [demo] = await t.db.select().from(tenants).where(eq(tenants.slug, 'demo'));
      const res = await operator.get(`${URL_}/${demo!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const counted = rowsOf(
        await t.db.execute(sql`select count(*)::int as n,
            coalesce(sum(total_cents) filter (where status in (${sql.join(REVENUE_STATUSES.map((s) => sql`${s}`), sql`, `)})), 0)::int as revenue,
            max(created_at) as last from orders where tenant_id = ${demo!.id}`),
      )[0]!;
      expect(Number(counted.n)).toBeGreaterThan(0);
      expect(data).toMatchObject({
        slug: 'demo',
        email: 'hello@demo.example.com',
        city: 'New York',
        suspended_reason: null,
        domains: [],
        figures: { orders: Number(counted.n), revenue_cents: Number(counted.revenue), currency_symbol: '$', users: 3 },
      });
      const productCount = rowsOf(await t.db.execute(sql`select count(*)::int as n from products where tenant_id = ${demo!.id}`))[0]!.n;
      expect(data.figures.products).toBe(Number(productCount));
      // The operator's token is no restaurant session: the last activity is at least the last order.
      expect(new Date(data.figures.last_activity_at).getTime()).toBeGreaterThanOrEqual(new Date(String(counted.last)).getTime());

      const [suspended] = await t.db.select().from(tenants).where(eq(tenants.slug, 'burger-barn'));
      const view = (await operator.get(`${URL_}/${suspended!.id}`)).json().data;
      expect(view.suspended_reason).toBe('Unpaid invoices since March');
      expect(view.history.map((h: { to_status: string }) => h.to_status)).toEqual(['suspended', 'pending']);
      expect(view.figures).toMatchObject({ orders: 0, revenue_cents: 0, last_activity_at: null });
    });

    it('answers 404 for an unknown id and 422 for a malformed one', async () => {
      expect((await operator.get(`${URL_}/${unknownId()}`)).statusCode).toBe(404);
      expect((await operator.get(`${URL_}/not-a-uuid`)).statusCode).toBe(422);
    });
  });

  describe('edit', () => {
    it('validates like the sign-up, changes fields and the plan, and renames the host at once', async () => {
      const r = await t.registerTenant({ domain: 'edit-me', status: 'active' });
      const bad = await operator.patch(`${URL_}/${r.tenantId}`, { email: 'not-an-email', restaurant_name: '', postal_code: 'x'.repeat(21) });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'postal_code', 'restaurant_name']);
      expect((await operator.patch(`${URL_}/${r.tenantId}`, { plan_id: 'gold' })).statusCode).toBe(422);
      // What cannot be changed here is refused by name, not dropped under "saved".
      const slug = await operator.patch(`${URL_}/${r.tenantId}`, { slug: 'demo' });
      expect(slug.statusCode).toBe(422);
      expect(Object.keys(slug.json().errors)).toEqual(['slug']);
      // Only a restaurant on trial has a trial end to move.
      const notTrial = await operator.patch(`${URL_}/${r.tenantId}`, { trial_ends_at: inDays(10) });
      expect(notTrial.statusCode).toBe(422);
      expect(notTrial.json().errors.trial_ends_at).toBeDefined();

      const site = () => t.app.tenants.resolve(r.host);
      expect(await site()).toMatchObject({ kind: 'tenant', tenant: { name: r.name } });
      const ok = await operator.patch(`${URL_}/${r.tenantId}`, { restaurant_name: 'Renamed Bistro', city: 'Hamburg', street: '', plan_id: 'premium' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ name: 'Renamed Bistro', city: 'Hamburg', plan_id: 'premium' });
      expect(await tenantRow(r.tenantId)).toMatchObject({ name: 'Renamed Bistro', city: 'Hamburg', planId: 'premium', email: r.email });
      expect(await site()).toMatchObject({ tenant: { name: 'Renamed Bistro' } });
      // The owner hears that Premium is there; saving again without a plan change sends nothing more.
      const premiumMails = () => mailsOf(r.tenantId).then((rows) => rows.filter((m) => (m.payload as { subjectKey: string }).subjectKey === 'platform.mail.plan_premium_subject'));
      expect(await premiumMails()).toHaveLength(1);
      expect((await premiumMails())[0]!.toAddress).toBe(r.email);
      expect((await operator.patch(`${URL_}/${r.tenantId}`, { city: 'Bremen', plan_id: 'premium' })).statusCode).toBe(200);
      expect(await premiumMails()).toHaveLength(1);

      await setStatus(r.slug, 'trial', new Date(inDays(5)));
      expect((await operator.patch(`${URL_}/${r.tenantId}`, { trial_ends_at: inDays(120) })).statusCode).toBe(422);
      expect((await operator.patch(`${URL_}/${r.tenantId}`, { trial_ends_at: inDays(-1) })).statusCode).toBe(422);
      const moved = await operator.patch(`${URL_}/${r.tenantId}`, { trial_ends_at: inDays(30) });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(new Date(moved.json().data.trial_ends_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    });
  });

  describe('status actions', () => {
    const PATHS: Record<TTenantAction, string> = { approve: 'approve', suspend: 'suspend', activate: 'activate', start_trial: 'start-trial' };
    const BODIES: Record<TTenantAction, unknown> = { approve: {}, suspend: { reason: 'Health inspection failed' }, activate: {}, start_trial: { ends_at: inDays(14) } };

    it('allows exactly the transitions of the table, each with its history row and the owner’s mail; refuses the rest with 409', async () => {
      const r = await t.registerTenant({ domain: 'matrix-one' });
      // The sign-up opened the history, by the platform itself.
      expect((await operator.get(`${URL_}/${r.tenantId}`)).json().data.history).toMatchObject([{ from_status: null, to_status: 'pending', actor_name: null }]);
      for (const action of TENANT_ACTIONS) {
        for (const from of TENANT_STATUSES) {
          await setStatus(r.slug, from, from === 'trial' ? new Date(inDays(3)) : null);
          const eventsBefore = (await t.db.select().from(tenantStatusEvents).where(eq(tenantStatusEvents.tenantId, r.tenantId))).length;
          const mailsBefore = (await mailsOf(r.tenantId)).length;
          const res = await operator.post(`${URL_}/${r.tenantId}/${PATHS[action]}`, BODIES[action], { headers: { 'x-language': 'de' } });
          const allowed = TENANT_TRANSITIONS[action].from.includes(from);
          const label = `${action} from ${from}`;
          if (!allowed) {
            expect(res.statusCode, label).toBe(409);
            // Named in the operator's language: both the status it is in and the one it cannot reach.
            expect(res.json().message, label).toMatch(/ausstehend|aktiv|gesperrt|Testphase/);
            expect((await tenantRow(r.tenantId)).status, label).toBe(from);
            continue;
          }
          expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
          const to = TENANT_TRANSITIONS[action].to;
          const row = await tenantRow(r.tenantId);
          expect(row.status, label).toBe(to);
          expect(res.json().data.status, label).toBe(to);
          const events = await t.db.select().from(tenantStatusEvents).where(eq(tenantStatusEvents.tenantId, r.tenantId)).orderBy(desc(tenantStatusEvents.createdAt));
          expect(events.length, label).toBe(eventsBefore + 1);
          expect(events[0], label).toMatchObject({ fromStatus: from, toStatus: to, actorId: operatorId });
          const mails = await mailsOf(r.tenantId);
          expect(mails.length, label).toBe(mailsBefore + 1);
          expect(mails[0]!.toAddress, label).toBe(r.email);
          // A restaurant in Germany: its owner reads German, as in every other mail to its staff (it was English).
          expect(mails[0]!.language, label).toBe('de');
          if (action === 'suspend') {
            expect(row.suspendedReason).toBe('Health inspection failed');
            expect(events[0]!.reason).toBe('Health inspection failed');
            expect(mails[0]!.payload).toMatchObject({ subjectKey: 'platform.mail.suspended_subject' });
          } else {
            expect(row.suspendedReason, label).toBeNull();
          }
          if (action === 'start_trial') expect(row.trialEndsAt, label).not.toBeNull();
          if (action === 'activate') {
            expect(row.trialEndsAt, label).toBeNull();
            expect(mails[0]!.payload, label).toMatchObject({ subjectKey: from === 'trial' ? 'platform.mail.trial_ended_subject' : 'platform.mail.reactivated_subject' });
          }
          if (action === 'approve') expect(mails[0]!.payload).toMatchObject({ subjectKey: 'platform.mail.approved_subject', action: { url: 'http://matrix-one.localhost/' } });
        }
      }
    });

    it('needs a reason of 3 to 500 characters to suspend, and a trial end in the next 90 days', async () => {
      const r = await t.registerTenant({ domain: 'rules-one', status: 'active' });
      for (const reason of ['', 'no', 'x'.repeat(501)]) {
        expect((await operator.post(`${URL_}/${r.tenantId}/suspend`, { reason })).statusCode).toBe(422);
      }
      const past = await operator.post(`${URL_}/${r.tenantId}/start-trial`, { ends_at: inDays(-1) });
      expect(past.statusCode).toBe(422);
      expect(past.json().errors.ends_at).toBeDefined();
      expect((await operator.post(`${URL_}/${r.tenantId}/start-trial`, { ends_at: inDays(91) })).statusCode).toBe(422);
      expect((await operator.post(`${URL_}/${r.tenantId}/start-trial`, { ends_at: 'tomorrow' })).statusCode).toBe(422);
      expect((await tenantRow(r.tenantId)).status).toBe('active');
      expect((await operator.post(`${URL_}/${unknownId()}/approve`)).statusCode).toBe(404);
    });

    it('a trial is Premium meanwhile and open like an active restaurant', async () => {
      const r = await t.registerTenant({ domain: 'trial-one', status: 'active' });
      const res = await operator.post(`${URL_}/${r.tenantId}/start-trial`, { ends_at: inDays(14) });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.app.plans.usage(r.tenantId)).plan.id).toBe('premium');
      const details = (await t.client(r.host).get('/api/tenant/get-tenant-details')).json().data;
      expect(details.is_active).toBe(true);
      // Activating ends the trial on the base plan.
      await operator.post(`${URL_}/${r.tenantId}/activate`);
      expect((await t.app.plans.usage(r.tenantId)).plan.id).toBe('free');
    });

    it("suspending closes the storefront at once: the host cache is dropped and orders are refused", async () => {
      const [demo] = await t.db.select().from(tenants).where(eq(tenants.slug, 'demo'));
      // A dish the guest can order straight away: in stock, and no size to choose (the demo's pizzas ask for one).
      const [product] = await t.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.tenantId, demo!.id),
            eq(products.isActive, true),
            eq(products.trackStock, false),
            sql`not exists (select 1 from ${productOptionGroups} where ${productOptionGroups.tenantId} = ${products.tenantId} and ${productOptionGroups.productId} = ${products.id})`,
          ),
        )
        .orderBy(products.name)
        .limit(1);
      const guest = t.client(DEMO_HOST);
      const order = () =>
        guest.post('/api/tenant/orders', { items: [{ product_id: product!.id, quantity: 1 }], customer_name: 'Grace Hopper', customer_phone: '+49 30 1234567', customer_email: 'grace@example.com', type: 'pickup' });
      expect(await t.app.tenants.resolve(DEMO_HOST)).toMatchObject({ tenant: { status: 'active' } });
      const placed = await order();
      expect(placed.statusCode, placed.body).toBe(201);

      expect((await operator.post(`${URL_}/${demo!.id}/suspend`, { reason: 'Closed for renovation' })).statusCode).toBe(200);
      expect(await t.app.tenants.resolve(DEMO_HOST)).toMatchObject({ tenant: { status: 'suspended' } });
      const refused = await order();
      expect(refused.statusCode).toBe(409);
      expect((await guest.get('/api/tenant/get-tenant-details')).json().data.is_active).toBe(false);

      // The owner sees why on the dashboard home.
      const admin = t.client(DEMO_HOST, { token: await t.loginAs(DEMO_HOST, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password) });
      const summary = (await admin.get('/api/tenant/dashboard/summary')).json().data;
      expect(summary.restaurant).toMatchObject({ status: 'suspended', suspended_reason: 'Closed for renovation', trial_ends_at: null });

      expect((await operator.post(`${URL_}/${demo!.id}/activate`)).statusCode).toBe(200);
      expect((await order()).statusCode).toBe(201);
      expect((await admin.get('/api/tenant/dashboard/summary')).json().data.restaurant.suspended_reason).toBeNull();
    });
  });

  describe('trial expiry', () => {
    it('turns expired trials into active restaurants on their base plan, with an event by nobody and a mail', async () => {
      const expired = await t.registerTenant({ domain: 'trial-over', status: 'active' });
      const running = await t.registerTenant({ domain: 'trial-runs', status: 'active' });
      await operator.post(`${URL_}/${expired.tenantId}/start-trial`, { ends_at: inDays(2) });
      await operator.post(`${URL_}/${running.tenantId}/start-trial`, { ends_at: inDays(20) });
      // The sweep with a clock ten days ahead: one trial ran out, the other runs on.
      const { createTrialSweep } = await import('./platform-trials.ts');
      const invalidated: string[] = [];
      const sweep = createTrialSweep({ db: t.db, now: () => new Date(inDays(10)), invalidate: (slug) => invalidated.push(slug), originOf: (slug) => `http://${slug}.localhost` });
      const clock = new Date(inDays(10));
      const due = rowsOf(await t.db.execute(sql`select slug from tenants where status = 'trial' and trial_ends_at <= ${clock.toISOString()}::timestamptz`)).map((r) => r.slug);
      expect(due).toContain('trial-over');
      expect(due).not.toContain('trial-runs');
      const ended = await sweep.runOnce();
      expect(ended).toBe(due.length);
      expect(invalidated.sort()).toEqual([...due].sort());
      expect(await tenantRow(expired.tenantId)).toMatchObject({ status: 'active', planId: 'free', trialEndsAt: null });
      expect((await tenantRow(running.tenantId)).status).toBe('trial');
      const [event] = await t.db.select().from(tenantStatusEvents).where(eq(tenantStatusEvents.tenantId, expired.tenantId)).orderBy(desc(tenantStatusEvents.createdAt)).limit(1);
      expect(event).toMatchObject({ fromStatus: 'trial', toStatus: 'active', actorId: null, reason: 'trial ended' });
      expect((await mailsOf(expired.tenantId))[0]!.payload).toMatchObject({ subjectKey: 'platform.mail.trial_ended_subject' });
      expect(await sweep.runOnce()).toBe(0);
    });
  });

  describe('delete', () => {
    it('needs the address typed again, then removes every row and file of the restaurant and nothing of another', async () => {
      const r = await t.registerTenant({ domain: 'delete-me', status: 'active' });
      const other = await t.registerTenant({ domain: 'keep-me', status: 'active' });
      await operator.post(`${URL_}/${r.tenantId}/suspend`, { reason: 'Closing down' });
      const dir = uploadDir(t.dataDir, r.tenantId);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'logo-64.webp'), 'x');
      const otherBefore = await tenantRows(t.db, other.tenantId);
      expect(await t.app.tenants.resolve(r.host)).toMatchObject({ kind: 'tenant' });

      const wrong = await operator.delete(`${URL_}/${r.tenantId}`, { body: { confirm_slug: 'delete-m' } });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.confirm_slug).toBeDefined();
      // Sent without the body (with a content type or none): a message for the dialog, no field called '_'.
      for (const headers of [{}, { 'content-type': 'text/plain' }] as Record<string, string>[]) {
        const bare = await operator.delete(`${URL_}/${r.tenantId}`, { headers });
        expect(bare.statusCode).toBe(422);
        expect(bare.json()).toEqual({ success: false, code: 'VALIDATION', message: translate('en', 'errors.body_not_object'), errors: {} });
      }
      expect((await support.delete(`${URL_}/${r.tenantId}`, { body: { confirm_slug: 'delete-me' } })).statusCode).toBe(403);

      const res = await operator.delete(`${URL_}/${r.tenantId}`, { body: { confirm_slug: 'delete-me' } });
      expect(res.statusCode, res.body).toBe(200);
      for (const table of await tenantTables(t.db)) {
        const left = rowsOf(await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${r.tenantId}`))[0]!;
        expect(Number(left.n), table).toBe(0);
      }
      expect(await t.db.select().from(tenants).where(eq(tenants.id, r.tenantId))).toEqual([]);
      expect(await t.db.select().from(tenantDeletions).where(eq(tenantDeletions.formerTenantId, r.tenantId))).toMatchObject([{ slug: 'delete-me', actorId: operatorId }]);
      expect(fs.existsSync(dir)).toBe(false);
      expect(await tenantRows(t.db, other.tenantId)).toEqual(otherBefore);
      expect(await t.app.tenants.resolve(r.host)).toEqual({ kind: 'unknown' });
      expect((await t.client(r.host).get('/api/tenant/get-tenant-details')).statusCode).toBe(404);
      expect((await operator.get(`${URL_}/${r.tenantId}`)).statusCode).toBe(404);
    });
  });

  describe('who may call', () => {
    it('support may look but not act; restaurant tokens and strangers get nothing', async () => {
      const [pending] = await t.db.select().from(tenants).where(eq(tenants.slug, 'sushi-hana'));
      expect((await support.get(URL_)).statusCode).toBe(200);
      expect((await support.get(`${URL_}/${pending!.id}`)).statusCode).toBe(200);
      expect((await support.get('/api/platform/stats')).statusCode).toBe(200);
      expect((await support.get('/api/platform/stats/signups')).statusCode).toBe(200);
      for (const [method, url, body] of [
        ['PATCH', `${URL_}/${pending!.id}`, { city: 'Nowhere' }],
        ['POST', `${URL_}/${pending!.id}/approve`, {}],
        ['POST', `${URL_}/${pending!.id}/suspend`, { reason: 'Because' }],
        ['POST', `${URL_}/${pending!.id}/start-trial`, { ends_at: inDays(5) }],
        ['DELETE', `${URL_}/${pending!.id}`, { confirm_slug: 'sushi-hana' }],
      ] as const) {
        const res = await support.request(method, url, { body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await tenantRow(pending!.id)).toMatchObject({ status: 'pending', city: 'Seattle' });

      const restaurantToken = await t.loginAs(DEMO_HOST, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
      expect((await t.client(MAIN_HOST, { token: restaurantToken }).get(URL_)).statusCode).toBe(401);
      expect((await t.client(DEMO_HOST, { token: restaurantToken }).get(URL_)).statusCode).toBe(404);
      expect((await t.client(MAIN_HOST).get(URL_)).statusCode).toBe(401);
      expect((await t.client(MAIN_HOST, { token: restaurantToken }).post(`${URL_}/${pending!.id}/approve`)).statusCode).toBe(401);
    });
  });

  describe('sign-ups chart', () => {
    it('counts new restaurants per day and per month, every bucket present', async () => {
      const [demo] = await t.db.select().from(tenants).where(eq(tenants.slug, 'demo'));
      // One restaurant from 40 days ago: outside 30 days, inside 90 days and 12 months.
      await t.db.update(tenants).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(tenants.id, demo!.id));
      const all = Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from tenants`))[0]!.n);
      const series = async (range: string) => {
        const res = await operator.get('/api/platform/stats/signups', { query: { range } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { bucket: string; points: { date: string; count: number }[] };
      };
      const sum = (s: { points: { count: number }[] }) => s.points.reduce((n, p) => n + p.count, 0);
      const d30 = await series('30d');
      expect(d30.bucket).toBe('day');
      expect(d30.points).toHaveLength(30);
      expect(d30.points.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
      expect(sum(d30)).toBe(all - 1);
      const d90 = await series('90d');
      expect(d90.points).toHaveLength(90);
      expect(sum(d90)).toBe(all);
      const m12 = await series('12m');
      expect(m12).toMatchObject({ bucket: 'month' });
      expect(m12.points).toHaveLength(12);
      expect(m12.points.at(-1)!.date).toBe(`${new Date().toISOString().slice(0, 7)}-01`);
      expect(sum(m12)).toBe(all);
      expect((await operator.get('/api/platform/stats/signups', { query: { range: '5y' } })).statusCode).toBe(422);
    });
  });
});
